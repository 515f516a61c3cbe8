import { z } from 'zod';
import { toApiError, type ApiError } from '@/lib/api/errors';
import {
  isRequestType,
  requestSchema,
  type ParsedRequest,
  type Reply,
  type RequestType,
  type Responses,
} from '@/lib/messaging';
import { refusal } from './refusal';
import { senderKind, type Sender } from './sender';

export type Handlers = {
  [T in RequestType]: (data: ParsedRequest<T>, sender: Sender) => Promise<Responses[T]>;
};

/** The only message a web page's content script may send. */
const pageChangedSchema = z.object({
  type: z.literal('page-changed'),
  url: z.url({ protocol: /^https?$/ }).max(2048),
});

export type RouterReply = Reply<RequestType> | { ok: true; value: null };

/**
 * What needs nothing the worker's start-up settles (it asks the tab, and reads no stored item): answered at once on
 * a wake. The panel's first question is one, so a panel that woke the worker does not wait for the rest.
 */
const WITHOUT_START_UP: ReadonlySet<RequestType> = new Set(['detect']);

export interface RouterOptions {
  handlers: Handlers;
  /** Our extension id and page origin (`chrome-extension://<id>/`). */
  ours: { id: string; origin: string };
  /** Handlers wait for the worker's start-up (migrations, job recovery). */
  ready: Promise<unknown>;
  onPageChanged(tabId: number, url: string): Promise<void>;
}

const FOREIGN = {
  pt: 'Mensagem recusada: remetente desconhecido.',
  en: 'Message refused: unknown sender.',
};
const CONTENT_ONLY = {
  pt: 'Mensagem recusada: uma página só pode avisar que mudou de endereço.',
  en: 'Message refused: a web page may only report that its address changed.',
};
const UNKNOWN = { pt: 'Tipo de mensagem desconhecido.', en: 'Unknown message type.' };
const INVALID = { pt: 'Mensagem com dados inválidos.', en: 'Message with invalid data.' };

const refuse = (error: ApiError): RouterReply => ({ ok: false, error });

function invalid(issues: z.core.$ZodIssue[]): RouterReply {
  const serviceMessage = issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`)
    .join('; ');
  return refuse({ ...refusal('INVALID_REQUEST', INVALID), details: { serviceMessage } });
}

/** Checks the sender and the payload of every message before a handler sees it. */
export function createRouter(options: RouterOptions) {
  const { handlers, ours, ready } = options;
  return async function route(message: unknown, sender: Sender): Promise<RouterReply> {
    const from = senderKind(sender, ours);
    if (from.kind === 'foreign') return refuse(refusal('FORBIDDEN', FOREIGN, 'none'));
    const type =
      typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;

    if (from.kind === 'content') {
      if (type !== 'page-changed') return refuse(refusal('FORBIDDEN', CONTENT_ONLY, 'none'));
      const parsed = pageChangedSchema.safeParse(message);
      if (!parsed.success) return invalid(parsed.error.issues);
      await ready;
      await options.onPageChanged(from.tabId, parsed.data.url);
      return { ok: true, value: null };
    }

    if (!isRequestType(type)) return refuse(refusal('INVALID_REQUEST', UNKNOWN, 'none'));
    const t = type;
    const parsed = requestSchema(t).safeParse((message as { data?: unknown }).data);
    if (!parsed.success) return invalid(parsed.error.issues);
    if (!WITHOUT_START_UP.has(t)) await ready;
    try {
      const handler = handlers[t] as (data: unknown, sender: Sender) => Promise<Responses[RequestType]>;
      return { ok: true, value: await handler(parsed.data, sender) };
    } catch (e) {
      return refuse(toApiError(e));
    }
  };
}
