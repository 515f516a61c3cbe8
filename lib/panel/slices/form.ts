import { toApiError } from '@/lib/api/error-core';
import { costOf } from '@/lib/panel/spend';
import { newestOnly } from '@/lib/newest';
import { depths } from '@/lib/depths';
import type { Depth, LookupInput, Quote, SeenQuote } from '@/lib/model';
import type { Draft, Internals, PanelActions, PanelState, SliceArgs } from './types';

/*
 * Form and price: exactly the fields that will leave the browser, the depth and language, and the quotes of the form
 * as it stands. Each change of what is priced starts a quote generation; only the newest one's answer is kept.
 */

export const EMPTY_DRAFT: Draft = { primeiro_nome: '', ultimo_nome: '', empresa: '', contexto_adicional: '' };
const QUOTE_DEBOUNCE_MS = 150;

/** The form as the request's input, or null while a required field is empty. */
export function inputOf(draft: Draft): LookupInput | null {
  const primeiro_nome = draft.primeiro_nome.trim();
  const empresa = draft.empresa.trim();
  if (!primeiro_nome || !empresa) return null;
  const contexto_adicional = draft.contexto_adicional.trim();
  return {
    primeiro_nome,
    ultimo_nome: draft.ultimo_nome.trim(),
    empresa,
    ...(contexto_adicional && { contexto_adicional }),
  };
}

export const sameDraft = (a: Draft, b: Draft) =>
  (Object.keys(a) as (keyof Draft)[]).every((k) => a[k] === b[k]);

export const draftOf = (input: Partial<LookupInput>): Draft => ({
  primeiro_nome: input.primeiro_nome ?? '',
  ultimo_nome: input.ultimo_nome ?? '',
  empresa: input.empresa ?? '',
  contexto_adicional: input.contexto_adicional ?? '',
});

/** What the user saw, as the lookup carries it (the worker re-quotes and compares). */
export function seenOf(quote: Quote, refresh: boolean): SeenQuote | undefined {
  if (!quote.input) return undefined;
  return {
    input: quote.input,
    depth: quote.depth,
    lang: quote.lang,
    endpoint: quote.endpoint,
    cost: costOf(quote, refresh),
    cachedId: refresh ? null : (quote.cached?.id ?? null),
  };
}

type FormState = Pick<
  PanelState,
  'origin' | 'draft' | 'depth' | 'lang' | 'refresh' | 'quotes' | 'quoting' | 'quoteError'
>;
type FormActions = Pick<
  PanelActions,
  | 'configure'
  | 'choose'
  | 'manual'
  | 'takePending'
  | 'edit'
  | 'setDepth'
  | 'setLang'
  | 'setRefresh'
  | 'requote'
  | 'prepare'
>;

export function formSlice({ set, get, api, deps, shared }: SliceArgs): {
  slice: FormState & FormActions;
  internals: Pick<Internals, 'setForm' | 'restoreForm' | 'dropQuotes'>;
} {
  /**
   * Quote generations: each change of what is priced (the form, the language, a new key) asks anew; only the newest
   * ask's answer is kept (lib/newest.ts, as meeting prep's plan), and `quoting` stays true until it has answered.
   */
  const quoteAsk = newestOnly<PromiseSettledResult<Quote>[]>(QUOTE_DEBOUNCE_MS);
  /** A click waiting for the fresh quote: a second one meanwhile (a double click) is the same click. */
  let preparing = false;

  function requote() {
    const input = inputOf(get().draft);
    if (!input) {
      quoteAsk.cancel();
      return set({ quotes: {}, quoting: false, quoteError: null });
    }
    set({ quoting: true });
    quoteAsk.ask(
      // Quotes ask without refresh, so each tells whether history would serve it; refresh is priced locally.
      () =>
        Promise.allSettled(
          depths.map((depth) => deps.send('quote', { input, depth, lang: get().lang, refresh: false })),
        ),
      (r) => {
        const settled = r.ok ? r.value : [];
        const quotes: Partial<Record<Depth, Quote>> = {};
        settled.forEach((x, i) => {
          if (x.status === 'fulfilled') quotes[depths[i]!] = x.value;
        });
        const failed = settled.find((x): x is PromiseRejectedResult => x.status === 'rejected');
        set({ quotes, quoting: false, quoteError: failed ? toApiError(failed.reason).message : null });
      },
    );
  }

  /** Resolves once the newest quote generation has answered (at once when none is pending). */
  function quoted(): Promise<void> {
    return new Promise((resolve) => {
      if (!get().quoting) return resolve();
      const stop = api.subscribe((s) => {
        if (s.quoting) return;
        stop();
        resolve();
      });
    });
  }

  function setForm(origin: FormState['origin'], draft: Draft) {
    set({ origin, draft });
    requote();
  }

  return {
    internals: {
      setForm,
      restoreForm(request) {
        set({ depth: request.depth, lang: request.lang, refresh: request.refresh });
        setForm(get().origin ?? { kind: 'manual' }, draftOf(request.input));
      },
      dropQuotes: quoteAsk.cancel,
    },
    slice: {
      origin: null,
      draft: EMPTY_DRAFT,
      depth: 'quick',
      lang: 'pt',
      refresh: false,
      quotes: {},
      quoting: false,
      quoteError: null,

      configure({ depth, lang }) {
        set({ depth, lang });
        requote();
      },

      choose(index) {
        const { detection } = get();
        const candidate = detection.status === 'done' ? detection.candidates[index] : undefined;
        if (!candidate) return;
        shared.setOutcome(null);
        set({ refresh: false });
        setForm({ kind: 'candidate', index }, draftOf(candidate));
      },

      manual() {
        shared.setOutcome(null);
        set({ refresh: false });
        setForm({ kind: 'manual' }, EMPTY_DRAFT);
      },

      takePending({ text, candidate }) {
        shared.setOutcome(null);
        const { screen } = get();
        set({ refresh: false, screen: screen.kind === 'running' ? screen : { kind: 'page' } });
        setForm(
          { kind: 'pending', text, read: candidate !== null },
          candidate ? draftOf(candidate) : EMPTY_DRAFT,
        );
      },

      edit(patch) {
        const { origin } = get();
        setForm(origin ?? { kind: 'manual' }, { ...get().draft, ...patch });
      },

      setDepth(depth) {
        set({ depth });
      },

      setLang(lang) {
        set({ lang });
        requote();
      },

      setRefresh(refresh) {
        set({ refresh });
      },

      requote,

      async prepare() {
        if (preparing) return null;
        preparing = true;
        try {
          await quoted();
        } finally {
          preparing = false;
        }
        const { draft, depth, lang, refresh, quotes } = get();
        const input = inputOf(draft);
        const quote = quotes[depth];
        // Nothing is spent without a price on screen; a depth this key cannot have runs only from history.
        if (!input || !quote) return null;
        const cost = costOf(quote, refresh);
        if (quote.unavailable && cost !== 0) return null;
        return { request: { input, depth, lang, refresh }, quote, cost };
      },
    },
  };
}
