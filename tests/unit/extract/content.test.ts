import { parseHTML } from 'linkedom';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MatchPattern } from 'wxt/utils/match-patterns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import crm from '@/entrypoints/content-crm';
import generic from '@/entrypoints/content-generic';
import github from '@/entrypoints/content-github';
import linkedin from '@/entrypoints/content-linkedin';
import webmail from '@/entrypoints/content-webmail';
import { SHARED_MODULES } from '@/lib/extract/site';
import { matchesOf, sites } from '@/lib/extract/sites';
import genericScript from '@/lib/extract/sites/generic';
import { sharedReaders } from '@/lib/extract/evidence/modules';
import type { Candidate } from '@/lib/extract/types';
import type { ContentResponse } from '@/lib/messaging';
import { readerCases, readPage } from '../../fixtures/pages/cases';

/** Each built file and the entrypoint it is built from. */
const entries = {
  '/content-linkedin.js': linkedin,
  '/content-github.js': github,
  '/content-crm.js': crm,
  '/content-webmail.js': webmail,
  '/content-generic.js': generic,
} as const;

const declaredAt = (url: string) =>
  sites.filter((s) => matchesOf(s).some((m) => new MatchPattern(m).includes(url)));

const PROFILE = 'https://www.linkedin.com/in/ana-souza-4b2a91/';
const ARTICLE = 'https://www.linkedin.com/pulse/equipe-comercial-fernanda-albuquerque/';
type Shared = {
  extractors: { id: string }[];
  modules: string[];
  core?: object;
  lexicon?: object;
  stop?(): void;
};
const page = globalThis as unknown as {
  window: EventTarget & { __perfilIntel?: Shared };
  document: Document;
  location: { href: string };
  navigation?: EventTarget;
};

/** Loads a saved page at an address, as the tab would show it. */
function open(file: string, url: string) {
  page.document = parseHTML(readPage(file)).document as unknown as Document;
  page.location = { href: url };
}

/** A message from the extension, as Chrome delivers it: message, sender, sendResponse. */
function ask(message: unknown) {
  const reply = vi.fn<(r?: ContentResponse) => void>();
  const deliver = fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>;
  void deliver(message, {}, reply);
  return reply;
}
const extract = () => ask({ type: 'extract' });
/** The stand-ins for the modules asked for and not yet run (./run-module.ts). */
const pending = () => (globalThis as { loading?: string[] }).loading ?? [];
/**
 * Asks who is on the page and waits for the answer, and for the reader modules the first question loads (a profile's
 * top card answers before they are in).
 */
async function extracted() {
  const reply = extract();
  // a loaded machine may take more than waitFor's default second to load the modules
  await vi.waitFor(() => expect(reply).toHaveBeenCalledOnce(), { timeout: 5000 });
  await vi.waitFor(() => expect(pending()).toEqual([]), { timeout: 5000 });
  await vi.advanceTimersByTimeAsync(0);
  return reply;
}
const answerOf = (reply: ReturnType<typeof ask>) => reply.mock.calls[0]![0]!;
const people = (list: Candidate[]) => list.map(({ confidence: _, ...person }) => person);

/** A same-document navigation (history.pushState by the site), as the Navigation API reports it. */
function navigate(url: string) {
  page.navigation?.dispatchEvent(new Event('navigate'));
  page.location.href = url;
}

/**
 * What a content script loads on the first question: the word lists, the page, fields, mail and prose readers, its
 * module, the
 * generic one.
 */
const modulesFor = (module: string) => [
  ...new Set([
    ...SHARED_MODULES,
    module,
    ...sites.filter((s) => s.module === module).flatMap((s) => s.also ?? []),
    genericScript.module,
  ]),
];
/**
 * The extractors of the page once a script's modules are loaded, in the registry's order whatever order the modules
 * loaded in: the site's, the format readers, the page reader.
 */
const extractorsFor = (module: string) => [
  ...sites.filter((s) => s.module === module && s !== genericScript).flatMap((s) => s.readers),
  ...genericScript.readers,
  ...sharedReaders,
];
const LINKEDIN = '/extract-linkedin.js';

/** The files the content scripts loaded, in order. */
let loaded: string[] = [];
let loads = 0;
/**
 * The stand-in for a built module (./run-module.ts), its own address at each load; the files asked for wait in
 * `globalThis.loading`, each stand-in runs the next (several load at once).
 */
function moduleUrl(file: string) {
  ((globalThis as { loading?: string[] }).loading ??= []).push(file);
  return new URL(`./run-module.ts?load=${loads++}`, import.meta.url).href;
}

beforeEach(() => {
  fakeBrowser.reset();
  // The built module runs its entrypoint when loaded; here tests/unit/extract/run-module.ts stands in for it.
  loaded = [];
  vi.spyOn(fakeBrowser.runtime, 'getURL').mockImplementation((file: string) => {
    loaded.push(file);
    return moduleUrl(file);
  });
  vi.useFakeTimers();
  // a fresh page: its own isolated world
  page.window = new EventTarget();
  page.navigation = new EventTarget();
  open('linkedin-profile.html', PROFILE);
});
afterEach(() => {
  page.window.__perfilIntel?.stop?.();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('content scripts', () => {
  it('are built one per site family, each loading its reader module, the generic one and the shared ones, with the extractors they list', async () => {
    expect(Object.keys(entries).sort()).toEqual(sites.map((s) => s.file).sort());
    for (const script of sites) {
      page.window = new EventTarget();
      loaded = [];
      const read =
        readerCases.find((c) => declaredAt(c.url)[0] === script) ??
        readerCases.find((c) => !declaredAt(c.url).length)!;
      open(read.file, read.url);
      entries[script.file as keyof typeof entries].main();
      expect(page.window.__perfilIntel?.extractors).toEqual([]);
      await extracted();
      expect(loaded).toEqual(modulesFor(script.module));
      expect(page.window.__perfilIntel?.modules).toEqual(modulesFor(script.module));
      expect(page.window.__perfilIntel?.extractors).toEqual(extractorsFor(script.module));
      page.window.__perfilIntel?.stop?.();
    }
  });

  it('do nothing with the page until asked, then answer with the candidates', async () => {
    const querySelector = vi.spyOn(page.document, 'querySelector');
    const querySelectorAll = vi.spyOn(page.document, 'querySelectorAll');
    linkedin.main();
    expect(querySelector).not.toHaveBeenCalled();
    expect(querySelectorAll).not.toHaveBeenCalled();
    expect(loaded).toEqual([]);

    const reply = await extracted();
    expect(answerOf(reply)).toMatchObject({ url: PROFILE, title: '(3) Ana Souza | LinkedIn' });
    expect(people(answerOf(reply).candidates)).toEqual([
      {
        primeiro_nome: 'Ana',
        ultimo_nome: 'Souza',
        empresa: 'Nubank',
        cargo: 'Head de Vendas',
        source: 'linkedin',
      },
    ]);
    // loaded once: the next question is answered at once
    expect(extract()).toHaveBeenCalledOnce();
    expect(loaded).toEqual(modulesFor(LINKEDIN));
  });

  it('ignore other messages', () => {
    linkedin.main();
    expect(ask({ type: 'lookup' })).not.toHaveBeenCalled();
    expect(ask(undefined)).not.toHaveBeenCalled();
    expect(loaded).toEqual([]);
  });

  it('injected twice, only the newest copy answers, with each extractor once', async () => {
    linkedin.main();
    await extracted();
    linkedin.main();
    const reply = extract();
    expect(reply).toHaveBeenCalledOnce();
    expect(answerOf(reply).candidates).toHaveLength(1);
    expect(page.window.__perfilIntel?.extractors).toEqual(extractorsFor(LINKEDIN));
  });

  it('a reader module injected again replaces its extractors, and the page is read once', async () => {
    linkedin.main();
    await extracted();
    await import(/* @vite-ignore */ fakeBrowser.runtime.getURL('/extract-linkedin.js'));
    expect(page.window.__perfilIntel?.extractors.map((x) => x.id)).toEqual(
      extractorsFor(LINKEDIN).map((x) => x.id),
    );
    expect(page.window.__perfilIntel?.modules).toEqual(modulesFor(LINKEDIN));
    expect(answerOf(extract()).candidates).toHaveLength(1);
  });

  describe.each(readerCases.filter((c) => declaredAt(c.url).length))(
    '$file at $url',
    ({ file, url, expected }) => {
      it('is read by the one script the manifest declares there', async () => {
        const declared = declaredAt(url);
        expect(declared).toHaveLength(1);
        open(file, url);
        entries[declared[0]!.file as keyof typeof entries].main();
        await extracted();
        // the modules' answer (a profile's quick answer may come first)
        expect(people(answerOf(extract()).candidates)).toEqual(expected);
      });
    },
  );

  it('on a page of its site that no site extractor reads, the generic readers answer', async () => {
    open('jsonld-person.html', ARTICLE);
    linkedin.main();
    const reply = await extracted();
    expect(loaded).toEqual(modulesFor(LINKEDIN));
    expect(answerOf(reply)).toMatchObject({ url: ARTICLE });
    expect(answerOf(reply).candidates).toMatchObject([
      { primeiro_nome: 'Fernanda', ultimo_nome: 'Albuquerque', source: 'jsonld' },
    ]);
    // loaded once: the next question is answered at once
    expect(extract()).toHaveBeenCalledOnce();
    expect(loaded).toHaveLength(modulesFor(LINKEDIN).length);
  });

  it('asks for every reader module at once, before any of them has run (one wave of loads)', async () => {
    const ranBefore: Record<string, number> = {};
    vi.mocked(fakeBrowser.runtime.getURL).mockImplementation((file: string) => {
      loaded.push(file);
      ranBefore[file] = page.window.__perfilIntel?.modules?.length ?? 0;
      return moduleUrl(file);
    });
    linkedin.main();
    await extracted();
    expect(loaded).toEqual(modulesFor(LINKEDIN));
    for (const file of loaded) expect(ranBefore[file], file).toBe(0);
  });

  it('where the module that answers cannot be loaded, the reply is empty, so the extension injects it', async () => {
    vi.mocked(fakeBrowser.runtime.getURL).mockImplementation((file: string) => {
      loaded.push(file);
      return file === '/extract-generic.js' ? 'chrome-extension://gone/x.js' : moduleUrl(file);
    });
    open('jsonld-person.html', ARTICLE);
    linkedin.main();
    const reply = await extracted();
    expect(reply).toHaveBeenCalledWith();
  });

  it('share one page: with the generic script injected too, the site extractor decides who its pages show', async () => {
    open('linkedin-after-navigation.html', 'https://www.linkedin.com/in/bruno-lima-7c1d2e/');
    linkedin.main();
    generic.main();
    await extracted();
    expect(page.window.__perfilIntel?.extractors).toEqual(extractorsFor(LINKEDIN));
    // the first profile's og:title is still in the page: only the LinkedIn reading counts
    expect(answerOf(extract()).candidates.map((c) => `${c.primeiro_nome} ${c.source}`)).toEqual([
      'Bruno linkedin',
    ]);
    page.location.href = 'https://www.linkedin.com/feed/';
    expect(answerOf(extract()).candidates.map((c) => c.source)).toContain('opengraph');
  });
});

describe('the quick answer on a LinkedIn profile', () => {
  const BADGE = 'https://www.linkedin.com/in/rodrigo-farias-kam/';

  it('is the top card, at once, before any reader module has run; the modules read the page after it', async () => {
    open('linkedin-sdui-badge.html', BADGE);
    linkedin.main();
    const reply = extract();
    expect(reply).toHaveBeenCalledOnce();
    expect(page.window.__perfilIntel?.modules).toEqual([]);
    expect(answerOf(reply)).toMatchObject({ url: BADGE, composing: false });
    expect(people(answerOf(reply).candidates)).toEqual([
      { primeiro_nome: 'Rodrigo', ultimo_nome: 'Farias', empresa: 'Ambev', source: 'linkedin' },
    ]);
    await vi.waitFor(() => expect(pending()).toEqual([]), { timeout: 5000 });
    expect(page.window.__perfilIntel?.modules).toEqual(modulesFor(LINKEDIN));
  });

  it('tells the extension to ask again, once, when the modules read the page otherwise', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    open('linkedin-sdui-badge.html', BADGE);
    linkedin.main();
    extract();
    // asked again while the modules load: the same quick answer, and still one reading
    expect(extract()).toHaveBeenCalledOnce();
    await extracted();
    expect(send).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledWith({ type: 'page-changed', url: BADGE });
    // the modules' answer adds the title the card's badge layout leaves out
    expect(people(answerOf(extract()).candidates)).toEqual([
      {
        primeiro_nome: 'Rodrigo',
        ultimo_nome: 'Farias',
        empresa: 'Ambev',
        cargo: 'Key Account Manager',
        source: 'linkedin',
      },
    ]);
    expect(loaded).toEqual(modulesFor(LINKEDIN));
  });

  it('says nothing more when the modules read the page as the card did', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    linkedin.main();
    const reply = extract();
    expect(reply).toHaveBeenCalledOnce();
    await extracted();
    // the same person, read by more readers (a higher score, which the panel does not show)
    expect(people(answerOf(extract()).candidates)).toEqual(people(answerOf(reply).candidates));
    expect(send).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a list of people',
      'li-search-classic.html',
      'https://www.linkedin.com/search/results/people/?keywords=compras',
    ],
    [
      'a profile whose card does not link to it (the public page)',
      'linkedin-public.html',
      'https://www.linkedin.com/in/marcosvteles/',
    ],
  ])('is not given on %s: the modules answer', async (_, file, url) => {
    open(file, url);
    linkedin.main();
    const reply = extract();
    expect(reply).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(reply).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(page.window.__perfilIntel?.modules).toEqual(modulesFor(LINKEDIN));
    expect(answerOf(reply).candidates.length).toBeGreaterThan(0);
  });

  it('stands when the modules cannot be loaded: no notice, so the panel does not ask again and again', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    vi.mocked(fakeBrowser.runtime.getURL).mockImplementation((file: string) => {
      loaded.push(file);
      return file === '/extract-generic.js' ? 'chrome-extension://gone/x.js' : moduleUrl(file);
    });
    linkedin.main();
    const reply = extract();
    expect(people(answerOf(reply).candidates)).toMatchObject([{ primeiro_nome: 'Ana' }]);
    await vi.waitFor(() => expect(pending()).toEqual([]), { timeout: 5000 });
    await vi.waitFor(() => expect(loaded).toContain('/extract-generic.js'), 10_000);
    await vi.advanceTimersByTimeAsync(100);
    expect(send).not.toHaveBeenCalled();
    // asked again: the quick answer again
    expect(people(answerOf(extract()).candidates)).toMatchObject([{ primeiro_nome: 'Ana' }]);
  });

  it('is not given when the card cannot be read: the modules answer', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    vi.spyOn(page.document, 'querySelector').mockImplementationOnce(() => {
      throw new Error('a page that fights back');
    });
    linkedin.main();
    const reply = extract();
    expect(reply).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(reply).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(people(answerOf(reply).candidates)).toMatchObject([{ primeiro_nome: 'Ana', empresa: 'Nubank' }]);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('single-page navigation', () => {
  it('tells the extension once, with the final address, after it settles', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    linkedin.main();
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

  it('says nothing when the address ends where it was', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    linkedin.main();
    navigate('https://www.linkedin.com/in/bruno-lima-7c1d2e/');
    navigate(PROFILE);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends nothing from a copy a newer one replaced', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    linkedin.main();
    linkedin.main();
    navigate('https://www.linkedin.com/in/bruno-lima-7c1d2e/');
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledOnce();
  });

  it('survives the extension being gone, then stops watching and answering', async () => {
    const send = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockRejectedValue(new Error('Extension context invalidated.'));
    linkedin.main();
    // a failed notice while the extension is still there changes nothing
    navigate('https://www.linkedin.com/in/bruno-lima-7c1d2e/');
    await vi.advanceTimersByTimeAsync(1000);
    await extracted();
    // once it is gone (reloaded or removed), the orphaned copy stops
    (fakeBrowser.runtime as { id?: string }).id = undefined;
    navigate('https://www.linkedin.com/in/carla-prado/');
    await vi.advanceTimersByTimeAsync(1000);
    navigate('https://www.linkedin.com/in/diego-ramos/');
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(extract()).not.toHaveBeenCalled();
  });
});
