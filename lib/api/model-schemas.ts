import { z } from 'zod';

/* Bodies of the /v1 model API (2.12–2.15, OpenAI-compatible). Loose objects; only the essentials are required. */

import {
  bool,
  capped,
  cappedArray,
  cappedText as shown,
  looseLater,
  num,
  opt,
  text as str,
} from '@/lib/schema';

const nullableStr = () => opt(z.string().nullable());

export const modelPermissionSchema = looseLater(() => ({
  id: str(),
  object: str(),
  created: num(),
  allow_create_engine: bool(),
  allow_sampling: bool(),
  allow_logprobs: bool(),
  allow_search_indices: bool(),
  allow_view: bool(),
  allow_fine_tuning: bool(),
  organization: str(),
  group: nullableStr(),
  is_blocking: bool(),
}));

/* Texts the options page and the draft show are capped as analyses are (`shown`); deltas are bounded by the draft. */

/** The most models listed. */
export const MAX_MODELS = 200;

export const modelSchema = looseLater(() => ({
  id: z.string(),
  object: shown(),
  created: num(),
  owned_by: shown(),
  permission: opt(cappedArray(modelPermissionSchema)),
  root: shown(),
  parent: opt(capped().nullable()),
}));

export const modelListSchema = looseLater(() => ({
  object: str(),
  data: cappedArray(modelSchema, MAX_MODELS),
}));

const usageSchema = looseLater(() => ({
  prompt_tokens: num(),
  completion_tokens: num(),
  total_tokens: num(),
}));

/** A chat answer, whole or one streamed chunk: the same head, and choices whose text is `text` (a message or a delta). */
const chatShape = <T extends z.core.$ZodLooseShape>(text: T) => ({
  id: str(),
  object: str(),
  created: num(),
  model: str(),
  choices: z.array(z.looseObject({ index: num(), ...text, finish_reason: nullableStr() })),
});

export const chatCompletionSchema = looseLater(() => ({
  ...chatShape({ message: z.looseObject({ role: z.string(), content: z.string().nullable() }) }),
  usage: opt(usageSchema),
}));

export const chatChunkSchema = looseLater(() =>
  chatShape({ delta: opt(z.looseObject({ role: str(), content: nullableStr() })) }),
);

export const embeddingListSchema = looseLater(() => ({
  object: str(),
  data: z.array(
    z.looseObject({
      object: str(),
      /** float: an array of numbers; base64: little-endian float32 bytes. */
      embedding: z.union([z.array(z.number()), z.string()]),
      index: num(),
    }),
  ),
  model: str(),
  usage: opt(z.looseObject({ prompt_tokens: num(), total_tokens: num() })),
}));

/** An embedding as numbers, whichever encoding the service used. */
export function embeddingVector(embedding: number[] | string): number[] {
  if (typeof embedding !== 'string') return embedding;
  const binary = atob(embedding);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const view = new DataView(bytes.buffer);
  const out: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; i += 4) out.push(view.getFloat32(i, true));
  return out;
}

/* Requests. */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | (string & {});
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
}

export interface EmbeddingRequest {
  model: string;
  input: string | string[];
  encoding_format?: 'float' | 'base64';
}
