import { describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { TRICKLE_TEXT } from '../../sandbox/oversize';
import { MAX_DRAFT_CHARS } from '@/lib/draft/limits';
import type { DraftMessage, DraftRequest } from '@/lib/draft/port';
import { PAGE, engineWith, setupEngineTests } from '../background/setup';
import { entry } from './entries';

/* A draft is bounded whatever the service streams: its own cap, however small max_tokens is or is ignored. */

const sandbox = setupEngineTests();
const oversize = (body: Record<string, unknown>) =>
  fetch(`${sandbox.url()}/__sandbox/oversize`, { method: 'POST', body: JSON.stringify(body) });

function port() {
  const onMessage: ((m: unknown) => void)[] = [];
  const posted: DraftMessage[] = [];
  let settle: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (settle = resolve));
  const p = {
    name: 'draft',
    sender: PAGE,
    postMessage: (m: DraftMessage) => {
      posted.push(m);
      if (m.type !== 'delta') settle();
    },
    disconnect: () => settle(),
    onMessage: {
      addListener: (l: (m: unknown) => void) => onMessage.push(l),
      removeListener: (l: (m: unknown) => void) => onMessage.splice(onMessage.indexOf(l), 1),
    },
    onDisconnect: { addListener: () => undefined },
  } as unknown as Browser.runtime.Port;
  return {
    port: p,
    posted,
    finished,
    send: (m: unknown) => [...onMessage].forEach((l) => l(m)),
    text: () => posted.flatMap((m) => (m.type === 'delta' ? [m.text] : [])).join(''),
  };
}

const request: DraftRequest = {
  entryId: 'ana',
  channel: 'linkedin',
  tone: 'consultivo',
  length: 'curta',
  language: 'pt',
  notes: '',
  model: 'service-chat',
  temperature: 0.7,
  maxTokens: 50,
};

async function draft() {
  const key = await sandbox.account({ tier: 'complete' });
  const e = engineWith();
  await e.send('key.set', { key });
  await e.engine.history.put(entry('ana', 'Ana', 'Nubank'));
  const p = port();
  e.engine.draft.connect(p.port);
  p.send(request);
  await p.finished;
  return p;
}

describe('draft bounds', () => {
  it('a service that ignores max_tokens is stopped at the draft cap, the text kept and the stop said', async () => {
    // 400 deltas of 1,000 characters: 400,000 characters for a 50-token request.
    await oversize({ kind: 'draft_huge', count: 400, size: 1000 });
    const p = await draft();
    await oversize({ kind: null });
    expect(p.text()).toHaveLength(MAX_DRAFT_CHARS);
    expect(p.text().startsWith('muito muito')).toBe(true);
    expect(p.posted.at(-1)).toMatchObject({ type: 'done', truncated: true });
  });

  it('a draft streamed one byte at a time arrives whole, and is not marked as cut', async () => {
    await oversize({ kind: 'draft_trickle', chunk: 1 });
    const p = await draft();
    await oversize({ kind: null });
    expect(p.text()).toBe(TRICKLE_TEXT);
    expect(p.posted.at(-1)).toMatchObject({ type: 'done' });
    expect(p.posted.at(-1)).not.toHaveProperty('truncated');
  });
});
