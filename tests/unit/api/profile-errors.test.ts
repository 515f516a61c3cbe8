import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../sandbox/accounts';
import { errorFromResponse } from '@/lib/api/response-errors';
import { errorBodies } from '@/lib/api/schemas';
import { failure, setupSandbox } from './sandbox';

/* Every error of the profile API (docs/api-contract.md), produced by the sandbox over HTTP and read by the client as one typed error. */

const sb = setupSandbox();

const ana = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };
const person = (empresa: string) => ({ ...ana, empresa });

describe('profile API error rows', () => {
  it('400 batch size: refused before sending, and the service’s own 400 maps the same way', async () => {
    const key = await sb.account({ tier: 'basic' });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...ana, primeiro_nome: `Pessoa${i}` }));
    const local = await failure(sb.client(key).crmBasicoBatch(eleven));
    expect(local).toMatchObject({
      code: 'BATCH_TOO_LARGE',
      charged: 'no',
      action: 'edit_input',
      details: { maxBatchSize: 10, profilesRequested: 11 },
    });

    const raw = await sb.raw('/crm_basico_batch', key, { profiles: eleven });
    expect(raw.status).toBe(400);
    expect(errorBodies.BATCH_TOO_LARGE.safeParse(raw.body).success).toBe(true);
    expect(
      errorFromResponse(raw.status, raw.body, raw.headers, { charging: true, endpoint: '/crm_basico_batch' }),
    ).toMatchObject({
      code: 'BATCH_TOO_LARGE',
      status: 400,
      charged: 'no',
      details: { maxBatchSize: 10 },
    });
    expect((await sb.ledger(key)).total_credits).toBe(0);
  });

  it('400 invalid request (enhanced format)', async () => {
    const key = await sb.account({ tier: 'basic' });
    const error = await failure(sb.client(key).crmBasico({ primeiro_nome: ' ', empresa: 'Nubank' }));
    expect(error).toMatchObject({
      code: 'INVALID_REQUEST',
      status: 400,
      charged: 'no',
      action: 'edit_input',
    });
    expect(error.details?.serviceMessage).toEqual(expect.any(String));
  });

  it('401 INVALID_API_KEY', async () => {
    const error = await failure(sb.client('complete_api_naoexiste').crm(ana));
    expect(error).toMatchObject({ code: 'INVALID_API_KEY', status: 401, charged: 'no', action: 'fix_key' });
    expect(error.message.pt).toContain('Chave');
    expect((await failure(sb.client('').creditos())).code).toBe('INVALID_API_KEY');
  });

  it('402 INSUFFICIENT_CREDITS on a single request, with the renewal date and where to buy', async () => {
    const key = await sb.account({ tier: 'complete', credits: 1 });
    const error = await failure(sb.client(key).crm(ana));
    expect(error).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      status: 402,
      charged: 'no',
      action: 'buy_credits',
    });
    expect(error.details?.renewalDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(error.details?.upgradeUrl).toEqual(expect.any(String));
    expect(error.details?.balance).toBe(1);
    expect(error.message.pt).toContain('renovação');
  });

  it('402 on a batch whose cost exceeds the balance (DEMO_KEYS.low has 3 credits)', async () => {
    const error = await failure(sb.client(DEMO_KEYS.low).crmBatch([ana, { ...ana, primeiro_nome: 'Bia' }]));
    expect(error).toMatchObject({
      code: 'BATCH_INSUFFICIENT_CREDITS',
      status: 402,
      charged: 'no',
      action: 'buy_credits',
      details: { creditsAvailable: 3, profilesRequested: 2, creditsPerProfile: 2 },
    });
    expect(error.message.pt).toContain('4 créditos');
    expect((await sb.ledger(DEMO_KEYS.low)).total_credits).toBe(0);
  });

  it('402 PLAN_SUSPENDED', async () => {
    const error = await failure(sb.client(DEMO_KEYS.suspended).creditos());
    expect(error).toMatchObject({ code: 'PLAN_SUSPENDED', status: 402, action: 'contact_support' });
    expect(error.details?.contact).toEqual(expect.any(String));
    expect((await failure(sb.client(DEMO_KEYS.suspended).crm(ana))).code).toBe('PLAN_SUSPENDED');
  });

  it('403 ACCESS_DENIED names the tier needed and charges nothing', async () => {
    const key = await sb.account({ tier: 'basic' });
    const error = await failure(sb.client(key).crm(ana));
    expect(error).toMatchObject({
      code: 'ACCESS_DENIED',
      status: 403,
      charged: 'no',
      action: 'upgrade',
      details: { currentTier: 'basic', requiredTier: 'complete' },
    });
    expect(error.message.pt).toContain('Complete');
    const plusBatch = await failure(sb.client(DEMO_KEYS.complete).crmPlusBatch([ana]));
    expect(plusBatch).toMatchObject({ code: 'ACCESS_DENIED', details: { requiredTier: 'plus' } });
    expect((await sb.ledger(key)).total_credits).toBe(0);
  });

  it('403 Forbidden on /health with an invalid key', async () => {
    const error = await failure(sb.client('basic_api_invalida').health());
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, charged: 'no', action: 'fix_key' });
  });

  it('404 not found (test company "Empresa Inexistente"), with what was searched', async () => {
    const key = await sb.account({ tier: 'basic' });
    const error = await failure(sb.client(key).crmBasico(person('Empresa Inexistente')));
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      charged: 'no',
      action: 'edit_input',
      details: { searched: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Empresa Inexistente' } },
    });
    expect(error.details?.suggestions?.length).toBeGreaterThan(0);
    expect((await sb.ledger(key)).total_credits).toBe(0);
  });

  it('409 several matches ("Homônimos SA") asks for context', async () => {
    const key = await sb.account({ tier: 'basic' });
    const error = await failure(sb.client(key).crmBasico(person('Homônimos SA')));
    expect(error).toMatchObject({
      code: 'AMBIGUOUS_PERSON',
      status: 409,
      charged: 'no',
      action: 'add_context',
    });
    expect(error.details?.suggestions?.length).toBeGreaterThan(0);
  });

  it('422 INSUFFICIENT_DATA ("Dados Insuficientes") lists the validation issues', async () => {
    const key = await sb.account({ tier: 'complete' });
    const error = await failure(sb.client(key).crm(person('Dados Insuficientes')));
    expect(error).toMatchObject({
      code: 'INSUFFICIENT_DATA',
      status: 422,
      charged: 'no',
      action: 'add_context',
    });
    expect(error.details?.validationIssues?.length).toBeGreaterThan(0);
    expect(error.details?.confidenceScore).toEqual(expect.any(Number));
    expect((await sb.ledger(key)).total_credits).toBe(0);
  });

  it('429 RATE_LIMITED after the automatic retries, with Retry-After', async () => {
    const key = await sb.account({ tier: 'basic' });
    await sb.faults({ fail_next: { status: 429, count: 3 } });
    const waits: number[] = [];
    const error = await failure(sb.client(key).crmBasico(ana, { onRateLimitWait: (s) => waits.push(s) }));
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      charged: 'no',
      action: 'retry_after',
      retryAfterSec: 1,
    });
    expect(waits).toEqual([1, 1]);
    expect((await sb.ledger(key)).total_credits).toBe(0);
  });

  it('500 server error: not charged, not re-sent', async () => {
    const key = await sb.account({ tier: 'basic' });
    await sb.faults({ fail_next: { status: 500, count: 1 } });
    const error = await failure(sb.client(key).crmBasico(ana));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', status: 500, charged: 'no', action: 'retry' });
    // Had the client re-sent it, the second attempt would have succeeded and charged.
    expect((await sb.ledger(key)).total_credits).toBe(0);
  });

  it('503 AI_SERVICE_UNAVAILABLE: Plus falls back to the Complete analysis, charged 2 credits', async () => {
    const key = await sb.account({ tier: 'complete' });
    await sb.faults({ ai_provider_down: true });
    try {
      const body = await sb.client(key).crmPlus(ana);
      expect(body.analise.ocean_scores).toBeDefined();
      expect(body.degraded).toMatchObject({
        code: 'AI_SERVICE_UNAVAILABLE',
        status: 503,
        charged: 'yes',
        creditsCharged: 2,
      });
      expect(body.degraded?.details?.fallback).toEqual(expect.any(String));
      expect(body.degraded?.message.pt).toContain('2 créditos');
      expect((await sb.ledger(key)).entries).toEqual([
        expect.objectContaining({ endpoint: '/crm_plus', credits: 2 }),
      ]);
    } finally {
      await sb.faults({ ai_provider_down: false });
    }
  });

  it('item-level PROFILE_NOT_FOUND stays in the batch item', async () => {
    const key = await sb.account({ tier: 'basic' });
    const body = await sb.client(key).crmBasicoBatch([person('Empresa Inexistente')]);
    expect(body.results[0]).toMatchObject({
      success: false,
      error_code: 'PROFILE_NOT_FOUND',
      error: expect.any(String),
    });
  });

  it('every body fits the schema of its row', async () => {
    const basic = await sb.account({ tier: 'basic', credits: 0 });
    const cases: [keyof typeof errorBodies, string, string, unknown][] = [
      ['INVALID_API_KEY', '/crm_basico', 'basic_api_x', ana],
      ['INSUFFICIENT_CREDITS', '/crm_basico', basic, ana],
      ['PLAN_SUSPENDED', '/crm', DEMO_KEYS.suspended, ana],
      ['BATCH_INSUFFICIENT_CREDITS', '/crm_basico_batch', basic, { profiles: [ana] }],
      ['ACCESS_DENIED', '/crm', basic, ana],
      ['ENHANCED', '/crm_basico', DEMO_KEYS.basic, person('Empresa Inexistente')],
      ['ENHANCED', '/crm_basico', DEMO_KEYS.basic, person('Homônimos SA')],
      ['INSUFFICIENT_DATA', '/crm_basico', DEMO_KEYS.basic, person('Dados Insuficientes')],
    ];
    for (const [row, path, key, body] of cases) {
      const res = await sb.raw(path, key, body);
      expect(errorBodies[row].safeParse(res.body).success, `${row} ${path}`).toBe(true);
    }
  });
});

describe('transport failures against the sandbox', () => {
  it('a dropped connection is NETWORK with an unknown charge, and is not re-sent', async () => {
    const key = await sb.account({ tier: 'complete' });
    await sb.faults({ drop_connection_next: true });
    const error = await failure(sb.client(key).crm(ana));
    expect(error).toMatchObject({ code: 'NETWORK', charged: 'unknown', action: 'check_credits' });
    expect(error.message.pt).toContain('confira o saldo');
    expect(await sb.ledger(key)).toMatchObject({ total_credits: 2, entries: [{ endpoint: '/crm' }] });
  });

  it('a slow answer is a TIMEOUT (own timeout or a caller’s timeout signal), charge unknown', async () => {
    const key = await sb.account({ tier: 'complete' });
    // Basic takes 10–40 s at this scale: even a machine that stalls for seconds cannot see the answer arrive.
    await sb.faults({ latency_scale: 5 });
    try {
      // A second leaves the request time to reach the sandbox on a busy machine.
      const own = await failure(sb.client(key).crmBasico(ana, { timeoutMs: 1000 }));
      expect(own).toMatchObject({ code: 'TIMEOUT', charged: 'unknown', action: 'check_credits' });
      const signalled = await failure(sb.client(key).crmBasico(ana, { signal: AbortSignal.timeout(1000) }));
      expect(signalled).toMatchObject({ code: 'TIMEOUT', charged: 'unknown' });
      // The sandbox charged both: that is why the charge is "unknown" and never retried.
      expect((await sb.ledger(key)).entries).toHaveLength(2);
    } finally {
      await sb.faults({ latency_scale: 0.01 });
    }
  });

  it('a cancelled request is ABORTED', async () => {
    const key = await sb.account({ tier: 'complete' });
    await sb.faults({ latency_scale: 1 });
    try {
      const ctl = new AbortController();
      setTimeout(() => ctl.abort(), 100);
      const error = await failure(sb.client(key).crm(ana, { signal: ctl.signal }));
      expect(error).toMatchObject({ code: 'ABORTED', charged: 'unknown', action: 'check_credits' });
    } finally {
      await sb.faults({ latency_scale: 0.01 });
    }
  });
});
