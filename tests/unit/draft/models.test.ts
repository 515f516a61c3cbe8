import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isChatModel } from '@/lib/draft/models';

describe('isChatModel', () => {
  it('keeps chat models and drops completion-only, embedding and non-text models', () => {
    for (const id of [
      'service-chat',
      'gpt-4o-mini',
      'llama-3.1-70b',
      'service-chat-completion',
      'mistral-large',
    ])
      expect(isChatModel(id), id).toBe(true);
    for (const id of [
      'service-completion',
      'service-completion-large',
      'service-embedding',
      'service-embedding-large',
      'text-embedding-3-small',
      'gpt-3.5-turbo-instruct',
      'davinci-002',
      'babbage-002',
      'whisper-1',
      'tts-1',
      'dall-e-3',
      'omni-moderation-latest',
      '',
    ])
      expect(isChatModel(id), id).toBe(false);
  });

  it('answers for any id without throwing', () => {
    fc.assert(fc.property(fc.string(), (id) => typeof isChatModel(id) === 'boolean'));
  });
});
