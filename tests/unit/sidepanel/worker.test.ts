import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftHandlers, DraftRequest } from '@/lib/draft/port';

/* The panel's worker client: a stream's port code loads with the first stream, and a stop before it arrives holds. */

const opened = vi.hoisted(() => ({ streams: [] as { request: unknown; name?: string }[], stops: 0 }));
vi.mock('@/lib/draft/port', () => ({
  streamDraft: (request: unknown, _handlers: DraftHandlers, name?: string) => {
    opened.streams.push({ request, name });
    return () => void opened.stops++;
  },
}));
const { browserWorker } = await import('@/lib/panel/worker');
// the port module in the module cache, so that its import inside the client settles in a known time
await import('@/lib/draft/port');

const request = { entryId: 'e1' } as DraftRequest;
const handlers: DraftHandlers = { onDelta: vi.fn(), onDone: vi.fn(), onError: vi.fn() };
const loaded = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  opened.streams = [];
  opened.stops = 0;
});

describe('browserWorker.stream', () => {
  it('opens the stream on its port once the port code is in, and its stop closes it', async () => {
    const stop = browserWorker.stream(request, handlers, 'review');
    await loaded();
    expect(opened.streams).toEqual([{ request, name: 'review' }]);
    stop();
    expect(opened.stops).toBe(1);
  });

  it('stopped before the port code arrives: nothing is opened, nothing is asked of the model', async () => {
    const stop = browserWorker.stream(request, handlers);
    stop();
    await loaded();
    expect(opened.streams).toEqual([]);
    expect(handlers.onError).not.toHaveBeenCalled();
  });
});
