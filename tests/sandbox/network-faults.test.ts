/** The network and money faults (issue 14): redirects, re-processed drops, absurd figures, cache headers. */
import { request, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecorder, type RunningRecorder } from './recorder';
import { person, setupSandbox } from './test-helpers';

const { call, post, admin, url } = setupSandbox();
const ana = person('Ana', 'Souza', 'Nubank');
let other: RunningRecorder;
beforeAll(async () => {
  other = await startRecorder();
});
afterAll(() => other.close());

/** One raw HTTP request on `agent`; resolves to the status, or 'dropped' when the connection closed unanswered. */
function raw(agent: Agent, method: string, path: string, key: string, body?: unknown) {
  return new Promise<number | 'dropped'>((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${url()}${path}`,
      {
        method,
        agent,
        headers: { 'x-api-key': key, ...(data && { 'content-type': 'application/json' }) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve('dropped'));
    req.end(data);
  });
}

describe('network faults', () => {
  it.each([
    { redirect_next: { status: 200, to: 'http://127.0.0.1:1' } },
    { redirect_next: { status: 307, to: 'not a url' } },
    { redirect_next: { status: 307, to: 'http://127.0.0.1:1', path: 'crm' } },
    { reprocess_dropped_next: 'yes' },
    { absurd_billing: 5 },
    { creditos_max_age: -1 },
    { fail_next: { status: 429, retry_after: 5 } },
  ])('refuses %j with 400', async (body) => {
    expect((await call('/__sandbox/faults', { body })).status).toBe(400);
  });

  it('redirect_next answers the next request (on its path) with a redirect to the other origin, once', async () => {
    const key = await admin.account({ tier: 'complete' });
    await admin.faults({ redirect_next: { status: 307, to: other.url, path: '/crm' } });
    // Another path is not redirected.
    expect((await call('/creditos', { key })).status).toBe(200);
    const res = await fetch(`${url()}/crm?x=1`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(ana),
    });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`${other.url}/crm?x=1`);
    expect((await post('/crm', key, ana)).status).toBe(200);
    expect((await admin.ledger(key)).entries).toHaveLength(1);
  });

  it('the other origin records what it receives and answers like the service', async () => {
    const before = other.requests.length;
    const res = await fetch(`${other.url}/crm`, {
      method: 'POST',
      headers: { 'x-api-key': 'k' },
      body: '{}',
    });
    expect(await res.json()).toMatchObject({ billing_info: { creditos_restantes: 424242 } });
    expect(other.requests.slice(before)).toMatchObject([{ method: 'POST', path: '/crm', body: '{}' }]);
    expect(other.requests.at(-1)?.headers['x-api-key']).toBe('k');
  });

  it('reprocess_dropped_next drops a charged request only on a reused connection, after charging it', async () => {
    const key = await admin.account({ tier: 'complete', credits: 100 });
    await admin.faults({ reprocess_dropped_next: true });
    const fresh = new Agent({ keepAlive: false });
    // A new connection: not dropped.
    expect(await raw(fresh, 'POST', '/crm', key, ana)).toBe(200);
    const warm = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await raw(warm, 'GET', '/creditos', key)).toBe(200);
    expect(await raw(warm, 'POST', '/crm', key, ana)).toBe('dropped');
    // What the browser does next: the same request again, on a new connection; charged again.
    expect(await raw(warm, 'POST', '/crm', key, ana)).toBe(200);
    warm.destroy();
    expect((await admin.ledger(key)).entries.map((e: { credits: number }) => e.credits)).toEqual([2, 2, 2]);
  });

  it('absurd_billing replaces the figures of billing_info and /creditos, not the ledger', async () => {
    const key = await admin.account({ tier: 'complete', credits: 100 });
    await admin.faults({ absurd_billing: { creditos_restantes: -50, creditos_utilizados: 1e20 } });
    try {
      const res = await post('/crm', key, ana);
      expect(res.body.billing_info).toMatchObject({ creditos_restantes: -50, creditos_utilizados: 1e20 });
      const c = await call('/creditos', { key });
      expect(c.body).toMatchObject({ creditos_disponiveis: -50, creditos_restantes: -50 });
      expect((await admin.ledger(key)).balance).toBe(98);
    } finally {
      await admin.faults({ absurd_billing: null });
    }
  });

  it('creditos_max_age sets the Cache-Control of /creditos; fail_next.retry_after its Retry-After', async () => {
    const key = await admin.account({ tier: 'complete' });
    await admin.faults({ creditos_max_age: 300 });
    const res = await fetch(`${url()}/creditos`, { headers: { 'x-api-key': key } });
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    await admin.faults({
      creditos_max_age: 30,
      fail_next: { status: 429, count: 1, retry_after: '3000000' },
    });
    const limited = await fetch(`${url()}/crm`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(ana),
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3000000');
  });
});
