import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

// Hundreds of generated cases each: generous on a busy machine (the assertions do not depend on time).
vi.setConfig({ testTimeout: 120_000 });
import { ERROR_ITEMS_MAX, ERROR_TEXT_MAX, toApiError } from '@/lib/api/errors';
import { chatChunkSchema, modelListSchema, MAX_MODELS } from '@/lib/api/model-schemas';
import { parseBody } from '@/lib/api/json';
import { errorFromResponse } from '@/lib/api/response-errors';
import {
  batchResponseSchema,
  creditosSchema,
  errorBodySchema,
  healthSchema,
  statusSchema,
  tiersSchema,
} from '@/lib/api/schemas';
import { MAX_ITEMS, MAX_TEXT } from '@/lib/text';
import { expectNoPollution, hostileJson, hostileText, walk } from './arbitraries';

/* The response schemas and the error reading, on any body a service could send, read as the client reads it. */

const asRead = (body: unknown) => parseBody(JSON.stringify(body) ?? 'null');

const ERROR_KEYS = [
  'error',
  'error_code',
  'message',
  'hint',
  'upgrade_url',
  'contact',
  'billing_info',
  'details',
  'fallback',
  'retry_after',
  'profiles_requested',
  'credits_per_profile',
  'credits_available',
  'max_batch_size',
  'profiles_received',
  'success',
  'request',
  'type',
  'user_action',
  'suggestions',
  'confidence_score',
  'can_provide_context',
  'code',
  'current_tier',
  'required_tier',
  'endpoint_requested',
  'validation_issues',
  'profiles_found',
  'creditos_restantes',
  'creditos_utilizados',
  'renewal_date',
  'tipo_plano',
];
const TIERS_KEYS = [
  'message',
  'tiers_disponiveis',
  'nome',
  'tier',
  'preco',
  'funcionalidades',
  'endpoints_permitidos',
  'creditos_por_uso',
  'api_key_format',
  'upgrade_info',
  'upgrade_benefits',
  'endpoints',
  'method',
  'description',
  'authentication',
  'apis_used',
  'available_in',
  'regions',
  'api_version',
  'plans',
  'name',
  'features',
  'quota',
];
const INFO_KEYS = [
  'status',
  'message',
  'timestamp',
  'version',
  'sistema_creditos',
  'features',
  'region',
  'ml_available',
  'api_health',
  'creditos_disponiveis',
  'creditos_restantes',
  'tipo_plano',
  'tier',
  'custos_por_endpoint',
  'api_key_info',
  'endpoints_permitidos',
];

type Def = {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  valueType?: Schema;
  options?: Schema[];
};
type Schema = { _zod: { def: Def } };
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The parts of a parsed body the schema declares: loose objects let unknown fields through untouched. */
function declared(schema: Schema, v: unknown): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'catch':
    case 'default':
      return declared(def.innerType!, v);
    case 'pipe':
      // text(): a string then its transform; preprocess: a transform then the schema.
      return declared(def.out!._zod.def.type === 'transform' ? def.in! : def.out!, v);
    case 'object':
      if (!isObj(v)) return v;
      return Object.fromEntries(
        Object.keys(def.shape!)
          .filter((k) => Object.prototype.hasOwnProperty.call(v, k))
          .map((k) => [k, declared(def.shape![k]!, v[k])]),
      );
    case 'array':
      return Array.isArray(v) ? v.map((x) => declared(def.element!, x)) : v;
    case 'record':
      return isObj(v)
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, declared(def.valueType!, x)]))
        : v;
    case 'union': {
      const object = def.options!.find((o) => o._zod.def.type === 'object');
      return isObj(v) && object ? declared(object, v) : v;
    }
    case 'unknown':
      return undefined;
    default:
      return v;
  }
}

const statuses = fc.constantFrom(400, 401, 402, 403, 404, 409, 413, 422, 429, 500, 502, 503, 504);

describe('response schemas on any body', () => {
  it('never throw, cap every known text, never pollute a prototype', () => {
    const cases = [
      { schema: tiersSchema, keys: TIERS_KEYS },
      { schema: errorBodySchema, keys: ERROR_KEYS },
      { schema: healthSchema, keys: INFO_KEYS },
      { schema: statusSchema, keys: INFO_KEYS },
      { schema: creditosSchema, keys: INFO_KEYS },
    ];
    for (const { schema, keys } of cases) {
      fc.assert(
        fc.property(hostileJson(keys, 4), (body) => {
          const parsed = schema.safeParse(asRead(body));
          if (!parsed.success) return;
          const seen = walk(declared(schema as unknown as Schema, parsed.data));
          for (const s of seen.strings) expect(s.length).toBeLessThanOrEqual(MAX_TEXT);
          expectNoPollution(parsed.data, expect);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('cut lists and records before reading them', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `x${i}`);
    const record = Object.fromEntries(many.map((k, i) => [k, i]));
    const tiers = tiersSchema.parse({
      tiers_disponiveis: many.map(() => ({ funcionalidades: many, creditos_por_uso: record })),
      regions: many,
    });
    expect(tiers.tiers_disponiveis).toHaveLength(MAX_ITEMS);
    expect(tiers.tiers_disponiveis?.[0]?.funcionalidades).toHaveLength(MAX_ITEMS);
    expect(Object.keys(tiers.tiers_disponiveis?.[0]?.creditos_por_uso ?? {})).toHaveLength(MAX_ITEMS);
    const models = modelListSchema.parse({ data: many.map((id) => ({ id })) });
    expect(models.data).toHaveLength(MAX_MODELS);
    const polluting = JSON.parse('{"creditos_por_uso": {"__proto__": {"polluted": 1}, "crm": 2}}') as unknown;
    // Even read without the client's guard, a record never takes a prototype from the body.
    const plan = tiersSchema.parse({ tiers_disponiveis: [polluting] }).tiers_disponiveis?.[0];
    expect(plan?.creditos_por_uso).toEqual({ crm: 2 });
    expect(Object.getPrototypeOf(plan?.creditos_por_uso)).toBe(Object.prototype);
  });

  it('model and batch bodies never throw nor pollute', () => {
    const keys = [
      'data',
      'id',
      'owned_by',
      'choices',
      'delta',
      'content',
      'results',
      'success',
      'profile_index',
    ];
    fc.assert(
      fc.property(hostileJson(keys, 4), (body) => {
        for (const schema of [modelListSchema, chatChunkSchema, batchResponseSchema]) {
          const parsed = schema.safeParse(asRead(body));
          if (parsed.success) expectNoPollution(parsed.data, expect);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('reading a body', () => {
  it('drops __proto__ keys, so no copy of the body takes its prototype from the service', () => {
    const body = parseBody('{"__proto__": {"creditos_restantes": 999}, "tipo_plano": "x"}');
    const parsed = creditosSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    const raw = JSON.parse('{"__proto__": {"creditos_restantes": 999}, "creditos_disponiveis": 1}') as object;
    // What the schemas do with such a key when it gets through: the copy's prototype is the service's object.
    expect(Object.getPrototypeOf(creditosSchema.parse(raw))).not.toBe(Object.prototype);
    expect(Object.getPrototypeOf(creditosSchema.parse(parseBody(JSON.stringify(raw))))).toBe(
      Object.prototype,
    );
  });
});

describe('error reading on any answer', () => {
  it('never throws; details, lists and messages stay within their caps', () => {
    fc.assert(
      fc.property(
        statuses,
        hostileJson(ERROR_KEYS, 4),
        fc.option(hostileText),
        fc.boolean(),
        fc.constantFrom<'profile' | 'model'>('profile', 'model'),
        (status, body, retryAfter, charging, api) => {
          const headers = new Headers();
          try {
            if (retryAfter !== null) headers.set('retry-after', retryAfter);
          } catch {
            // not a valid header value: no response could carry it
          }
          const error = errorFromResponse(status, asRead(body), headers, { charging, api, endpoint: '/crm' });
          for (const [key, value] of Object.entries(error.details ?? {})) {
            if (typeof value === 'string') expect(value.length, key).toBeLessThanOrEqual(ERROR_TEXT_MAX);
            if (Array.isArray(value)) {
              expect(value.length, key).toBeLessThanOrEqual(ERROR_ITEMS_MAX);
              for (const s of value) expect((s as string).length).toBeLessThanOrEqual(ERROR_TEXT_MAX);
            }
          }
          expect(error.message.pt.length).toBeLessThan(4 * ERROR_TEXT_MAX);
          expect(error.message.en.length).toBeLessThan(4 * ERROR_TEXT_MAX);
          expectNoPollution(error, expect);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('toApiError reads anything thrown, within its caps', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          hostileText.map((t) => new Error(t)),
          hostileJson(ERROR_KEYS),
        ),
        (thrown) => {
          const error = toApiError(thrown);
          expect(JSON.stringify(error).length).toBeLessThan(4 * ERROR_TEXT_MAX);
        },
      ),
      { numRuns: 300 },
    );
  });
});
