import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { onCommand } from '@/lib/background/commands';
import { MENU_ID, onContextMenuClick } from '@/lib/background/context-menu';
import { detect, originPattern } from '@/lib/background/detect';
import { notePageChanged, openPanel } from '@/lib/background/panel';
import type { ContentResponse } from '@/lib/messaging';
import { pageChanged, pendingPerson } from '@/lib/storage/session';
import { anaCandidate as ana } from '../../fixtures/candidates';

/*
 * The fake browser has no sidePanel, scripting, permissions or tabs.sendMessage: each test installs the part of
 * them it needs, recording the calls, and asserts what the background asked of Chrome.
 */
interface Chrome {
  opened: unknown[];
  injected: unknown[];
  /** What the tab's content script answers; null when the tab has none. */
  content: Map<number, ContentResponse | null>;
  /** Origins with a host permission; activeTab counts as one for injection. */
  granted: Set<string>;
  activeTab: Set<number>;
  tabUrls: Map<number, string>;
  selection: string;
}
let chrome: Chrome;

beforeEach(() => {
  fakeBrowser.reset();
  chrome = {
    opened: [],
    injected: [],
    content: new Map(),
    granted: new Set(),
    activeTab: new Set(),
    tabUrls: new Map(),
    selection: '',
  };
  const allowed = (tabId: number) => {
    const url = chrome.tabUrls.get(tabId);
    const origin = url ? originPattern(url) : null;
    return chrome.activeTab.has(tabId) || (origin !== null && chrome.granted.has(origin));
  };
  Object.assign(fakeBrowser, {
    sidePanel: { open: (o: unknown) => (chrome.opened.push(o), Promise.resolve()) },
    scripting: {
      executeScript: async (inj: { target: { tabId: number }; files?: string[]; func?: () => unknown }) => {
        if (!allowed(inj.target.tabId)) throw new Error('Cannot access contents of the page.');
        chrome.injected.push(inj.files ?? 'func');
        if (inj.files) {
          const url = chrome.tabUrls.get(inj.target.tabId) ?? '';
          chrome.content.set(inj.target.tabId, { url, title: 'Equipe', candidates: [] });
          return [{ frameId: 0, result: undefined }];
        }
        return [{ frameId: 0, result: chrome.selection }];
      },
    },
    permissions: {
      contains: async ({ origins }: { origins: string[] }) => origins.every((o) => chrome.granted.has(o)),
    },
  });
  fakeBrowser.tabs.sendMessage = (async (tabId: number, message: unknown) => {
    const answer = chrome.content.get(tabId);
    if (!answer || (message as { type?: string }).type !== 'extract')
      throw new Error('Could not establish connection. Receiving end does not exist.');
    return answer;
  }) as never;
  fakeBrowser.tabs.get = (async (tabId: number) => ({
    id: tabId,
    url: allowed(tabId) ? chrome.tabUrls.get(tabId) : undefined,
  })) as never;
});

describe('context menu and keyboard command', () => {
  it('opens the side panel inside the click, before anything is awaited, and hands it the person', async () => {
    const tab = { id: 4, windowId: 1 } as never;
    const done = onContextMenuClick(
      { menuItemId: MENU_ID, selectionText: 'Ana Souza – Nubank' } as never,
      tab,
    );
    // Synchronously: Chrome only honours sidePanel.open inside the user gesture.
    expect(chrome.opened).toEqual([{ tabId: 4 }]);
    await done;
    expect(await pendingPerson.get()).toMatchObject({
      tabId: 4,
      text: 'Ana Souza – Nubank',
      candidate: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank', source: 'selection' },
    });
  });

  it('hands over the text even when it cannot be read as a person', async () => {
    await onContextMenuClick({ menuItemId: MENU_ID, selectionText: '   ' } as never, { id: 4 } as never);
    expect(await pendingPerson.get()).toMatchObject({ tabId: 4, text: '', candidate: null });
    expect(onContextMenuClick({ menuItemId: 'other' } as never, { id: 4 } as never)).toBeUndefined();
  });

  it('reads the selection through activeTab on the command, with the panel opened first', async () => {
    chrome.activeTab.add(9);
    chrome.selection = 'Bruno Lima, Head of Sales at Stone';
    const done = onCommand('analyze-selection', { id: 9 } as never);
    expect(chrome.opened).toEqual([{ tabId: 9 }]);
    await done;
    expect(chrome.injected).toEqual(['func']);
    expect((await pendingPerson.get())?.candidate).toMatchObject({
      primeiro_nome: 'Bruno',
      ultimo_nome: 'Lima',
      empresa: 'Stone',
      cargo: 'Head of Sales',
    });
    expect(onCommand('something-else', { id: 9 } as never)).toBeUndefined();
  });

  it('opens the panel on the active tab when no tab is named', async () => {
    const queries: unknown[] = [];
    fakeBrowser.tabs.query = (async (q: unknown) => (queries.push(q), [{ id: 21 }])) as never;
    const tab = { id: 21 };
    await openPanel(undefined);
    await openPanel(12);
    expect(chrome.opened).toEqual([{ tabId: tab.id }, { tabId: 12 }]);
    expect(queries).toEqual([{ active: true, lastFocusedWindow: true }]);
  });

  it('records a page change for the panel to watch', async () => {
    await notePageChanged(3, 'https://www.linkedin.com/in/bia');
    expect(await pageChanged.get()).toMatchObject({ tabId: 3, url: 'https://www.linkedin.com/in/bia' });
  });
});

describe('detect', () => {
  it('asks the content script already in the tab', async () => {
    chrome.content.set(1, { url: 'https://www.linkedin.com/in/ana', title: 'Ana', candidates: [ana] });
    expect(await detect(1)).toEqual({
      ok: true,
      url: 'https://www.linkedin.com/in/ana',
      title: 'Ana',
      candidates: [ana],
    });
    expect(chrome.injected).toEqual([]);
  });

  it('drops what does not fit the protocol in a content script answer', async () => {
    chrome.content.set(1, {
      url: 'https://x.example/',
      title: 'X',
      candidates: [{ ...ana, extra: '<img onerror=x>' } as never],
    });
    const answer = await detect(1);
    expect(answer.ok && answer.candidates[0]).toEqual(ana);
    chrome.content.set(2, {
      url: 'https://x.example/',
      title: 'X',
      candidates: [{ primeiro_nome: 1 }],
    } as never);
    chrome.tabUrls.set(2, 'https://x.example/');
    expect(await detect(2)).toMatchObject({ ok: false, reason: 'not_granted' });
  });

  it('injects the content script where a host permission or activeTab allows, then asks again', async () => {
    chrome.tabUrls.set(5, 'https://equipe.example.com/time');
    chrome.granted.add('https://equipe.example.com/*');
    expect(await detect(5)).toMatchObject({
      ok: true,
      url: 'https://equipe.example.com/time',
      title: 'Equipe',
    });
    expect(chrome.injected).toEqual([
      [
        '/content-generic.js',
        '/extract-words.js',
        '/extract-names.js',
        '/extract-core.js',
        '/extract-page.js',
        '/extract-fields.js',
        '/extract-mail.js',
        '/extract-generic.js',
      ],
    ]);

    chrome.tabUrls.set(6, 'https://other.example.com/');
    chrome.activeTab.add(6);
    expect(await detect(6)).toMatchObject({ ok: true });
  });

  it('injects the site script where a site extractor reads the page, on a host it is not declared on', async () => {
    chrome.tabUrls.set(9, 'https://br.linkedin.com/in/ana-souza-4b2a91');
    chrome.granted.add('https://br.linkedin.com/*');
    expect(await detect(9)).toMatchObject({ ok: true });
    expect(chrome.injected).toEqual([
      [
        '/content-linkedin.js',
        '/extract-words.js',
        '/extract-names.js',
        '/extract-core.js',
        '/extract-page.js',
        '/extract-fields.js',
        '/extract-mail.js',
        '/extract-linkedin.js',
        '/extract-generic.js',
      ],
    ]);
  });

  it('answers not_granted with the origin pattern to ask for when nothing allows it', async () => {
    chrome.tabUrls.set(7, 'https://equipe.example.com/time');
    // Chrome hides the address without a grant; the answer still says what is known.
    expect(await detect(7)).toEqual({ ok: false, reason: 'not_granted', url: '', origin: null });
    fakeBrowser.tabs.get = (async (tabId: number) => ({
      id: tabId,
      url: chrome.tabUrls.get(tabId),
    })) as never;
    expect(await detect(7)).toEqual({
      ok: false,
      reason: 'not_granted',
      url: 'https://equipe.example.com/time',
      origin: 'https://equipe.example.com/*',
    });
    expect(chrome.injected).toEqual([]);
  });

  it('answers unsupported for pages no script may run on', async () => {
    fakeBrowser.tabs.get = (async (tabId: number) => ({ id: tabId, url: 'chrome://settings/' })) as never;
    expect(await detect(8)).toEqual({
      ok: false,
      reason: 'unsupported',
      url: 'chrome://settings/',
      origin: null,
    });
    expect(originPattern('http://localhost:3000/a?b')).toBe('http://localhost:3000/*');
    expect(originPattern('file:///tmp/x.html')).toBeNull();
  });
});
