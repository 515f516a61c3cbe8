import { z } from 'zod';
import type { ApiClient } from '@/lib/api/client';
import { ApiFailure } from '@/lib/api/errors';
import { parseBody } from '@/lib/api/json';
import { chatCompletionSchema, modelSchema, type ChatRequest } from '@/lib/api/model-schemas';
import { errorFromResponse } from '@/lib/api/response-errors';
import { healthSchema, singleResponseSchema, type ProfileInput } from '@/lib/api/schemas';
import { num, opt } from '@/lib/schema';

/*
 * Calls of the service that the extension never makes (the contract's /analisar and /saude, a model by id,
 * non-streamed chat and completions), for the tests of the sandbox and of the error reading. They read answers and
 * errors as the client does (its JSON reader, schemas and error table), without being part of it.
 */

/** A text completion (/v1/completions): the extension never asks for one. A chat completion but for its choices. */
const completionSchema = chatCompletionSchema.extend({
  choices: z.array(
    z.looseObject({
      text: z.string(),
      index: num(),
      logprobs: opt(z.unknown()),
      finish_reason: opt(z.string().nullable()),
    }),
  ),
});

interface CompletionRequest {
  model: string;
  prompt: string | string[];
  suffix?: string;
  max_tokens?: number;
  temperature?: number;
  n?: number;
  echo?: boolean;
  stop?: string | string[];
}

export function withTestCalls(client: ApiClient, { url, apiKey }: { url: string; apiKey: string }) {
  async function call<T>(
    api: 'profile' | 'model',
    path: string,
    schema: z.ZodType<T>,
    json?: unknown,
  ): Promise<T> {
    const auth: Record<string, string> =
      api === 'profile' ? { 'x-api-key': apiKey } : { authorization: `Bearer ${apiKey}` };
    const res = await fetch(`${url}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...auth },
      ...(json !== undefined && { body: JSON.stringify(json) }),
    });
    const body = parseBody(await res.text());
    if (!res.ok)
      throw new ApiFailure(
        errorFromResponse(res.status, body, res.headers, { api, charging: false, endpoint: path }),
      );
    return schema.parse(body);
  }
  return Object.assign(client, {
    analisar: (input: ProfileInput) => call('profile', '/analisar', singleResponseSchema, input),
    saude: () => call('profile', '/saude', healthSchema),
    chat: (req: ChatRequest) =>
      call('model', '/v1/chat/completions', chatCompletionSchema, { ...req, stream: false }),
    completions: (req: CompletionRequest) =>
      call('model', '/v1/completions', completionSchema, { ...req, stream: false }),
    models: {
      ...client.models,
      get: (id: string) => call('model', `/v1/models/${encodeURIComponent(id)}`, modelSchema),
    },
  });
}
