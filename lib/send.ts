import { browser } from 'wxt/browser';
import { ApiFailure } from '@/lib/api/error-core';
import type { Envelope, Reply, RequestData, RequestType, Responses } from '@/lib/messaging';

/*
 * A page's side of the protocol (lib/messaging.ts): its requests to the background (the history's export:
 * ./history-export.ts). Apart from the protocol's schemas, which only the background builds: a page's start-up
 * script that sends carries none.
 */

/** The background's ApiError, as `send` throws it in a page; toApiError (lib/api/errors.ts) gives it back. */
export class MessageError extends ApiFailure {}

/** Send a request from an extension page to the background; throws MessageError with the ApiError. */
export async function send<T extends RequestType>(type: T, data: RequestData<T>): Promise<Responses[T]> {
  const reply = (await browser.runtime.sendMessage({ type, data } satisfies Envelope<T>)) as
    | Reply<T>
    | undefined;
  if (!reply) throw new Error(`No answer to ${type}`);
  if (!reply.ok) throw new MessageError(reply.error);
  return reply.value;
}
