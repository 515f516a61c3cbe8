import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { root, sources } from '../build/sources';

/*
 * The side panel reaches the worker through one path: lib/panel/worker.ts, given to the store as its deps and to the
 * components through the store (components/panel/context.ts useSend, useStream). Nothing else in the panel's code
 * sends a message or opens a port to the worker, except the entry's early question (lib/panel/early.ts: the tab's
 * content script, else the worker): asked before the panel's code loads, its answer reaches the store through the
 * same deps (lib/panel/early-reply.ts).
 */

const PANEL_CODE = ['components/panel', 'components/draft', 'lib/panel', 'entrypoints/sidepanel'];
const THE_PATH = path.normalize('lib/panel/worker.ts');
const EARLY = path.normalize('lib/panel/early.ts');

/** What in `code` reaches the worker by itself. */
function directWays(code: string): string[] {
  const ways: string[] = [];
  // `send` taken as a value from the protocol (types and toApiError are fine)
  for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@\/lib\/(?:messaging|send)'/g))
    if (names!.split(',').some((n) => /^\s*send(\s+as\s+\w+)?\s*$/.test(n))) ways.push('send');
  if (/\bstreamDraft\b/.test(code)) ways.push('streamDraft');
  if (/\bruntime\s*\.\s*(sendMessage|connect)\b/.test(code)) ways.push('runtime');
  return ways;
}

it('recognises each direct way to the worker, and not the protocol’s types or helpers', () => {
  expect(directWays(`import { send } from '@/lib/send';`)).toEqual(['send']);
  expect(directWays(`import { toApiError, send as ask } from '@/lib/messaging';`)).toEqual(['send']);
  expect(directWays(`import { streamDraft } from '@/lib/draft/port';`)).toEqual(['streamDraft']);
  expect(directWays(`void browser.runtime.sendMessage(m); browser.runtime.connect({ name })`)).toEqual([
    'runtime',
  ]);
  expect(
    directWays(`import { toApiError, type Responses, type RequestType } from '@/lib/messaging';`),
  ).toEqual([]);
  expect(directWays(`import { REVIEW_PORT } from '@/lib/draft/port';`)).toEqual([]);
});

it('the panel’s components and logic reach the worker only through lib/panel/worker.ts', () => {
  const files = PANEL_CODE.flatMap(sources);
  expect(files).toContain(THE_PATH);
  const direct = files
    .filter((file) => path.normalize(file) !== THE_PATH)
    .map((file) => ({
      file: path.normalize(file),
      ways: directWays(readFileSync(path.join(root, file), 'utf8')),
    }))
    .filter((f) => f.ways.length > 0);
  expect(direct).toEqual([{ file: EARLY, ways: ['runtime'] }]);
});
