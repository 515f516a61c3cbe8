import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeApiError } from '@/lib/api/errors';
import { pickChatModel } from '@/lib/draft/models';
import { idleStream, streamStep, type StreamEvent, type StreamState } from '@/lib/draft/stream-state';

const run = (events: StreamEvent[], from: StreamState = idleStream()) => events.reduce(streamStep, from);

describe('the model stream state machine (the draft, the review and the meeting plan alike)', () => {
  it('streams the deltas of its run, then ends done, truncated or in error', () => {
    const s = run([
      { type: 'start', run: 1 },
      { type: 'delta', run: 1, text: 'Olá, ' },
      { type: 'delta', run: 1, text: 'Ana' },
    ]);
    expect(s).toMatchObject({ status: 'streaming', text: 'Olá, Ana' });
    expect(streamStep(s, { type: 'done', run: 1, truncated: false })).toMatchObject({
      status: 'done',
      text: 'Olá, Ana',
    });
    expect(streamStep(s, { type: 'done', run: 1, truncated: true, text: 'Olá' })).toMatchObject({
      status: 'truncated',
      text: 'Olá',
    });
    const error = makeApiError('NETWORK', {});
    expect(streamStep(s, { type: 'error', run: 1, error })).toMatchObject({
      status: 'error',
      text: 'Olá, Ana',
      error,
    });
  });

  it('a stop keeps the text; what the stopped run still sends is dropped', () => {
    const stopped = run([
      { type: 'start', run: 1 },
      { type: 'delta', run: 1, text: 'meia ' },
      { type: 'stop', as: 'stopped' },
      { type: 'delta', run: 1, text: 'frase' },
      { type: 'done', run: 1, truncated: false },
    ]);
    expect(stopped).toMatchObject({ status: 'stopped', text: 'meia ' });
  });

  it('property: a new start shows only its own run, whatever an older run sends in between', () => {
    const older = fc.record({
      type: fc.constantFrom('delta', 'done', 'error'),
      text: fc.string({ maxLength: 5 }),
      truncated: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 8 }),
        fc.array(older, { maxLength: 8 }),
        (mine, stale) => {
          let s = run([
            { type: 'start', run: 1 },
            { type: 'delta', run: 1, text: 'velho' },
            { type: 'start', run: 2 },
          ]);
          const staleEvents: StreamEvent[] = stale.map((e) =>
            e.type === 'delta'
              ? { type: 'delta', run: 1, text: e.text }
              : e.type === 'done'
                ? { type: 'done', run: 1, truncated: e.truncated }
                : { type: 'error', run: 1, error: makeApiError('NETWORK', {}) },
          );
          for (let i = 0; i < Math.max(mine.length, staleEvents.length); i++) {
            if (mine[i] !== undefined) s = streamStep(s, { type: 'delta', run: 2, text: mine[i]! });
            if (staleEvents[i]) s = streamStep(s, staleEvents[i]!);
          }
          expect(s.status).toBe('streaming');
          expect(s.text).toBe(mine.join(''));
        },
      ),
    );
  });
});

describe('pickChatModel: the model a page writes with, from the model API’s list', () => {
  const m = (id: string) => ({ id });
  it('prefers the settings’ model, then service-chat, then the first chat model', () => {
    const list = [m('text-embedding-3-small'), m('gpt-4o-mini'), m('service-chat'), m('gpt-4o')];
    expect(pickChatModel(list, 'gpt-4o').pick?.id).toBe('gpt-4o');
    expect(pickChatModel(list, 'gone').pick?.id).toBe('service-chat');
    expect(pickChatModel([m('gpt-4o-mini'), m('gpt-4o')], undefined).pick?.id).toBe('gpt-4o-mini');
    // an embedding model is never picked, even when preferred
    expect(pickChatModel(list, 'text-embedding-3-small').pick?.id).toBe('service-chat');
    expect(pickChatModel([m('text-embedding-3-small')], undefined).pick).toBeUndefined();
  });

  it('property: whatever the list holds, the pick is one of its chat models, and the list is only chat models', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string().map(m), { maxLength: 12 }),
        fc.option(fc.string()),
        (list, preferred) => {
          const { chat, pick } = pickChatModel(list, preferred ?? undefined);
          expect(chat.every((c) => list.includes(c))).toBe(true);
          if (pick) expect(chat).toContain(pick);
          else expect(chat).toEqual([]);
          if (preferred !== null && chat.some((c) => c.id === preferred)) expect(pick?.id).toBe(preferred);
        },
      ),
    );
  });
});
