/** Bad input gets a documented 400 (or 413), is never charged and never brings the sandbox down. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';
import { type CallOptions, person, sorted, setupSandbox } from './test-helpers';

const { call, admin } = setupSandbox();
const ana = person('Ana', 'Souza', 'Nubank');
const longName = 'x'.repeat(10 * 1024);

afterEach(async () => {
  // Nothing was charged, and the sandbox still answers.
  expect(await admin.ledger(DEMO_KEYS.plus)).toMatchObject({ entries: [], balance: 10000 });
  expect((await call('/health')).status).toBe(200);
});

const singleCases: [string, CallOptions][] = [
  ['malformed JSON', { raw: '{"primeiro_nome": "Ana",' }],
  ['an empty body', { raw: '' }],
  ['a JSON array', { body: [ana] }],
  ['JSON null', { raw: 'null' }],
  ['a wrong content type', { raw: JSON.stringify(ana), headers: { 'content-type': 'text/plain' } }],
  [
    'a form-encoded body',
    {
      raw: 'primeiro_nome=Ana&empresa=Nubank',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  ],
  ['a number as name', { body: { ...ana, primeiro_nome: 42 } }],
  ['an array as company', { body: { ...ana, empresa: ['Nubank'] } }],
  ['an object as last name', { body: { ...ana, ultimo_nome: { x: 1 } } }],
  ['a number as context', { body: { ...ana, contexto_adicional: 7 } }],
  ['a missing company', { body: { primeiro_nome: 'Ana' } }],
  ['an empty name', { body: { ...ana, primeiro_nome: '' } }],
  ['a whitespace name', { body: { ...ana, primeiro_nome: '   \t ' } }],
  ['a whitespace company', { body: { ...ana, empresa: '  ' } }],
  ['a 201-character name', { body: { ...ana, primeiro_nome: 'a'.repeat(201) } }],
  ['a 10 kB name', { body: { ...ana, primeiro_nome: longName } }],
  ['a 10 kB company', { body: { ...ana, empresa: longName } }],
  ['a profile URL as name', { body: { ...ana, primeiro_nome: 'https://www.linkedin.com/in/ana-souza' } }],
];

describe.each(['/crm_basico', '/crm', '/crm_plus'])('%s', (path) => {
  it.each(singleCases)('answers %s with 400 in the enhanced format', async (_label, options) => {
    const { status, body } = await call(path, { key: DEMO_KEYS.plus, ...options });
    expect(status).toBe(400);
    expect(sorted(body)).toEqual(['error', 'success']);
    expect(body.success).toBe(false);
    expect(sorted(body.error)).toEqual(['message', 'suggestions', 'type', 'user_action']);
    expect(body.error.type).toBe('invalid_request');
    expect(typeof body.error.message).toBe('string');
    expect(Array.isArray(body.error.suggestions)).toBe(true);
  });
});

const batchCases: [string, unknown][] = [
  ['no profiles field', { perfis: [ana] }],
  ['profiles that is not a list', { profiles: 'Ana Souza' }],
  ['an empty list', { profiles: [] }],
  ['an item that is not an object', { profiles: [ana, 'Bruno Lima'] }],
  ['an item with a number as name', { profiles: [ana, { ...ana, primeiro_nome: 1 }] }],
  ['an item without last name', { profiles: [{ primeiro_nome: 'Ana', empresa: 'Nubank' }] }],
  ['an item with an empty company', { profiles: [{ ...ana, empresa: '' }] }],
  ['an item with a 10 kB name', { profiles: [{ ...ana, primeiro_nome: longName }] }],
];

describe.each(['/crm_basico_batch', '/crm_plus_batch'])('%s', (path) => {
  it.each(batchCases)('answers %s with 400', async (_label, body) => {
    const res = await call(path, { key: DEMO_KEYS.plus, body });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('invalid_request');
  });

  it('names the failing item in the message', async () => {
    const res = await call(path, { key: DEMO_KEYS.plus, body: { profiles: [ana, { ...ana, empresa: 3 }] } });
    expect(res.body.error.message).toContain('profiles[1].empresa');
  });

  it('answers 11 profiles with the batch-size body', async () => {
    const res = await call(path, { key: DEMO_KEYS.plus, body: { profiles: Array(11).fill(ana) } });
    expect(res.status).toBe(400);
    expect(res.body.max_batch_size).toBe(10);
  });
});

it('answers a body over 1 MB with 413', async () => {
  const { status, body } = await call('/crm_basico', {
    key: DEMO_KEYS.plus,
    raw: JSON.stringify({ ...ana, contexto_adicional: 'x'.repeat(2 * 1024 * 1024) }),
  });
  expect(status).toBe(413);
  expect(body.error.type).toBe('invalid_request');
});

it('ignores unknown fields', async () => {
  const res = await call('/crm_basico', {
    key: DEMO_KEYS.basic,
    body: { ...ana, linkedin: 'x', idade: 30, nested: { a: [1] } },
  });
  expect(res.status).toBe(200);
  const plain = await call('/crm_basico', { key: DEMO_KEYS.basic, body: ana });
  expect(res.body.analise).toEqual(plain.body.analise);
});
