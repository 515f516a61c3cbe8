import { parseHTML } from 'linkedom';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import content from '@/entrypoints/content';
import type { ContentResponse } from '@/lib/messaging';
import { readPage } from '../../fixtures/pages/cases';

const PROFILE = 'https://www.linkedin.com/in/ana-souza-4b2a91/';
const page = globalThis as unknown as {
  window: EventTarget;
  document: Document;
  location: { href: string };
  CustomEvent: unknown;
};
const nodeCustomEvent = globalThis.CustomEvent;

// Chrome's Navigation API, which WXT's location watcher listens to; it is looked up when WXT loads.
const navigation = vi.hoisted(() => {
  const target = new EventTarget();
  (globalThis as { navigation?: EventTarget }).navigation = target;
  return target;
});
/** A same-document navigation (history.pushState by the site). */
function navigate(url: string) {
  page.location.href = url;
  navigation.dispatchEvent(Object.assign(new Event('navigate'), { destination: { url } }));
}
const contexts: ContentScriptContext[] = [];

/** Inject the content script into the page, as the manifest or scripting.executeScript would. */
function inject() {
  const ctx = new ContentScriptContext('content', { ...content, noScriptStartedPostMessage: true });
  content.main(ctx);
  contexts.push(ctx);
  return ctx;
}

/** A message from the extension, as Chrome delivers it: message, sender, sendResponse. */
function ask(message: unknown) {
  const reply = vi.fn();
  const deliver = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
  void deliver(message, {}, reply);
  return reply;
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers();
  page.window = new EventTarget();
  const { document, CustomEvent } = parseHTML(readPage('linkedin-profile.html'));
  page.document = document as unknown as Document;
  // events dispatched on the page's document must be the page's own
  page.CustomEvent = CustomEvent;
  page.location = { href: PROFILE };
});
afterEach(() => {
  for (const ctx of contexts.splice(0)) ctx.abort();
  vi.restoreAllMocks();
  vi.useRealTimers();
  page.CustomEvent = nodeCustomEvent;
});

describe('content script', () => {
  it('does nothing with the page until asked, then answers with the candidates', () => {
    const querySelector = vi.spyOn(page.document, 'querySelector');
    inject();
    expect(querySelector).not.toHaveBeenCalled();

    const reply = ask({ type: 'extract' });
    expect(reply).toHaveBeenCalledOnce();
    const answer = reply.mock.calls[0]![0] as ContentResponse;
    expect(answer).toMatchObject({ url: PROFILE, title: '(3) Ana Souza | LinkedIn' });
    expect(answer.candidates).toMatchObject([
      { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
    ]);
  });

  it('ignores other messages', () => {
    inject();
    expect(ask({ type: 'lookup' })).not.toHaveBeenCalled();
    expect(ask(undefined)).not.toHaveBeenCalled();
  });

  it('injected twice, only the newest copy answers and stays', () => {
    const first = inject();
    const second = inject();
    expect(first.isValid).toBe(false);
    expect(second.isValid).toBe(true);
    expect(ask({ type: 'extract' })).toHaveBeenCalledOnce();
  });

  it('tells the extension once about a single-page navigation, with the final URL', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    inject();
    navigate('https://www.linkedin.com/in/bruno-lima-7c1d2e/');
    navigate('https://www.linkedin.com/in/bruno-lima-7c1d2e/details/experience/');
    await vi.advanceTimersByTimeAsync(100);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledWith({
      type: 'page-changed',
      url: 'https://www.linkedin.com/in/bruno-lima-7c1d2e/details/experience/',
    });
  });

  it('sends nothing from a copy a newer one replaced', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    inject();
    inject();
    navigate('https://www.linkedin.com/in/bruno-lima-7c1d2e/');
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledOnce();
  });

  it('survives the extension being gone when it reports a navigation', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(
      new Error('Extension context invalidated.'),
    );
    inject();
    navigate('https://www.linkedin.com/in/bruno-lima-7c1d2e/');
    await expect(vi.advanceTimersByTimeAsync(1000)).resolves.toBeDefined();
  });
});
