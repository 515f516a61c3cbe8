import { describe, expect, it, vi } from 'vitest';
import type { DraftHandlers, DraftRequest, streamDraft } from '@/lib/draft/port';
import { lazyStream } from '@/lib/panel/worker';

/* The panel's worker client: a stream's port code loads with the first stream, and a stop before it arrives holds. */

/** A port module that arrives when the test says, recording the streams it opens and their stops. */
function portModule() {
  const streams: { request: unknown; name?: string }[] = [];
  let stops = 0;
  let arrive!: () => void;
  let fail!: (e: Error) => void;
  const module = new Promise<{ streamDraft: typeof streamDraft }>((resolve, reject) => {
    arrive = () =>
      resolve({
        streamDraft: (request, _handlers, name) => {
          streams.push({ request, name });
          return () => void stops++;
        },
      });
    fail = reject;
  });
  return { load: () => module, arrive, fail, streams, stops: () => stops };
}

const request = { entryId: 'e1' } as DraftRequest;
const handlers = (): DraftHandlers => ({ onDelta: vi.fn(), onDone: vi.fn(), onError: vi.fn() });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a stream whose port code loads with it', () => {
  it('opens the stream on its port once the code is in, and its stop closes it', async () => {
    const port = portModule();
    const stop = lazyStream(port.load)(request, handlers(), 'review');
    expect(port.streams).toEqual([]);
    port.arrive();
    await settled();
    expect(port.streams).toEqual([{ request, name: 'review' }]);
    stop();
    expect(port.stops()).toBe(1);
  });

  it('stopped before the code arrives: nothing is opened, nothing is asked of the model', async () => {
    const port = portModule();
    const h = handlers();
    lazyStream(port.load)(request, h)();
    port.arrive();
    await settled();
    expect(port.streams).toEqual([]);
    expect(h.onError).not.toHaveBeenCalled();
  });

  it('the code cannot load: the seller is told, as any stream error', async () => {
    const port = portModule();
    const h = handlers();
    lazyStream(port.load)(request, h);
    port.fail(new Error('chunk gone'));
    await settled();
    expect(h.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'UNEXPECTED' }));
  });
});
