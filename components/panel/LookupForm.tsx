import { useId, type FormEvent } from 'react';
import { Button, Field, Notice, Spinner, TextField, Toggle, controlClass, useStored } from '@/components/ui';
import { openExtensionPage } from '@/components/credits';
import { creditsText, formatDate, tr } from '@/lib/i18n';
import { DEPTH_LABELS, personName, quoteAnswerText } from '@/lib/panel/format';
import { balanceAfter, costOf } from '@/lib/panel/spend';
import { inputOf, type Draft } from '@/lib/panel/store';
import { credits, keyStatus, type Settings } from '@/lib/storage';
import { usePanel } from './context';
import { useConfirmSpend } from './useConfirmSpend';
import { depths, type Lang, type Quote } from '@/lib/model';

/** Moves the keyboard to the context field (the answer to a 409 is adding context). */
export function focusContextField(): void {
  document.querySelector<HTMLTextAreaElement>('textarea[name="contexto_adicional"]')?.focus();
}

const LANGS: { value: Lang; label: string }[] = [
  { value: 'pt', label: 'Português' },
  { value: 'en', label: 'English' },
];

const seconds = ([min, max]: [number, number]) => `${min}–${max} s`;

function DepthPicker({ lang }: { lang: Lang }) {
  const depth = usePanel((s) => s.depth);
  const quotes = usePanel((s) => s.quotes);
  const quoting = usePanel((s) => s.quoting);
  const setDepth = usePanel((s) => s.setDepth);
  const name = useId();
  // A reason every depth shares (no key) is said once, under the form, not three times here.
  const reasons = new Set(depths.map((d) => quotes[d]?.unavailable?.pt));
  const shared = reasons.size === 1 && !reasons.has(undefined);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium">{tr(lang, { pt: 'Profundidade', en: 'Depth' })}</legend>
      {depths.map((d) => {
        const quote = quotes[d];
        const id = `${name}-${d}`;
        const blocked = quote?.unavailable && !quote.cached;
        return (
          <div
            key={d}
            className={`flex items-start gap-2 rounded-md border px-3 py-2 ${
              depth === d
                ? 'border-indigo-600 dark:border-indigo-400'
                : 'border-zinc-200 dark:border-zinc-700'
            }`}
          >
            <input
              id={id}
              type="radio"
              name={name}
              value={d}
              checked={depth === d}
              onChange={() => setDepth(d)}
              aria-describedby={`${id}-cost`}
              className="mt-1 accent-indigo-700 dark:accent-indigo-400"
              data-testid={`depth-${d}`}
            />
            <label htmlFor={id} className="flex flex-1 flex-col text-sm">
              <span className="font-medium">{DEPTH_LABELS[d][lang]}</span>
              <span
                id={`${id}-cost`}
                className="text-xs text-zinc-700 dark:text-zinc-300"
                data-testid={`depth-${d}-cost`}
              >
                {quote
                  ? `${creditsText(lang, quote.credits)} · ${tr(lang, { pt: 'normalmente', en: 'typically' })} ${seconds(quote.timeRange)}`
                  : quoting && '…'}
                {quote?.cached &&
                  ` · ${tr(lang, { pt: 'no histórico: 0 créditos', en: 'in history: 0 credits' })}`}
                {blocked && !shared && (
                  <span className="block text-amber-800 dark:text-amber-300">
                    {tr(lang, quote.unavailable!)}
                  </span>
                )}
              </span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

function CostSummary({
  quote,
  refresh,
  balance,
  lang,
}: {
  quote: Quote;
  refresh: boolean;
  balance: number | null;
  lang: Lang;
}) {
  const cost = costOf(quote, refresh);
  const after = balanceAfter(balance, cost);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm" data-testid="cost-summary">
      <dt className="text-zinc-600 dark:text-zinc-400">{tr(lang, { pt: 'Análise', en: 'Analysis' })}</dt>
      <dd className="font-medium" data-testid="quote-endpoint">
        {quoteAnswerText(lang, quote, cost === 0 && quote.cached !== null)}
      </dd>
      <dt className="text-zinc-600 dark:text-zinc-400">{tr(lang, { pt: 'Custo', en: 'Cost' })}</dt>
      <dd className="font-medium" data-testid="cost">
        {creditsText(lang, cost)}
      </dd>
      <dt className="text-zinc-600 dark:text-zinc-400">
        {tr(lang, { pt: 'Saldo depois', en: 'Balance after' })}
      </dt>
      <dd className="font-medium" data-testid="balance-after">
        {after === null
          ? tr(lang, { pt: 'saldo ainda desconhecido', en: 'balance not known yet' })
          : creditsText(lang, after)}
      </dd>
      {after !== null && after < 0 && (
        <dd className="col-span-2 text-xs text-red-700 dark:text-red-300">
          {tr(lang, {
            pt: 'Seu saldo não cobre esta análise.',
            en: 'Your balance does not cover this analysis.',
          })}
        </dd>
      )}
    </dl>
  );
}

/** The fields that will be sent: first and last name, company and the additional context. */
function PersonFields({ lang }: { lang: Lang }) {
  const draft = usePanel((s) => s.draft);
  const edit = usePanel((s) => s.edit);
  const field = (key: keyof Draft) => ({
    name: key,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => edit({ [key]: e.target.value }),
  });
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label={tr(lang, { pt: 'Primeiro nome *', en: 'First name *' })}
          required
          maxLength={200}
          autoComplete="off"
          {...field('primeiro_nome')}
        />
        <TextField
          label={tr(lang, { pt: 'Sobrenome', en: 'Last name' })}
          maxLength={200}
          autoComplete="off"
          {...field('ultimo_nome')}
        />
      </div>
      <TextField
        label={tr(lang, { pt: 'Empresa *', en: 'Company *' })}
        required
        maxLength={200}
        autoComplete="off"
        {...field('empresa')}
      />
      <Field
        label={tr(lang, { pt: 'Contexto adicional', en: 'Additional context' })}
        hint={tr(lang, {
          pt: 'Opcional: cargo, cidade, área. Ajuda quando há homônimos.',
          en: 'Optional: role, city, area. Helps when several people share the name.',
        })}
      >
        {(control) => (
          <textarea
            className={controlClass}
            rows={2}
            maxLength={1000}
            {...field('contexto_adicional')}
            {...control}
          />
        )}
      </Field>
    </>
  );
}

/** The language the analysis is written in. */
function AnalysisLanguage({ lang }: { lang: Lang }) {
  const analysisLang = usePanel((s) => s.lang);
  const setLang = usePanel((s) => s.setLang);
  const langName = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <legend className="mb-1 text-sm font-medium">
        {tr(lang, { pt: 'Idioma da análise', en: 'Analysis language' })}
      </legend>
      {LANGS.map((l) => (
        <label key={l.value} className="flex items-center gap-1.5 text-sm">
          <input
            type="radio"
            name={langName}
            value={l.value}
            checked={analysisLang === l.value}
            onChange={() => setLang(l.value)}
            className="accent-indigo-700 dark:accent-indigo-400"
          />
          {l.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The person is already in the history: it opens at no cost, unless the seller asks for a fresh analysis. */
function CachedNote({ createdAt, price, lang }: { createdAt: number; price: number; lang: Lang }) {
  const refresh = usePanel((s) => s.refresh);
  const setRefresh = usePanel((s) => s.setRefresh);
  return (
    <Notice tone="success" title={tr(lang, { pt: 'Já está no histórico', en: 'Already in your history' })}>
      <p data-testid="cached-note">
        {tr(lang, {
          pt: `Analisada em ${formatDate('pt', createdAt)}: abre do histórico por 0 créditos.`,
          en: `Analysed on ${formatDate('en', createdAt)}: opens from history at 0 credits.`,
        })}
      </p>
      <div className="mt-2">
        <Toggle
          label={tr(lang, {
            pt: `Atualizar mesmo assim (${creditsText('pt', price)})`,
            en: `Refresh anyway (${creditsText('en', price)})`,
          })}
          checked={refresh}
          onChange={setRefresh}
        />
      </div>
    </Notice>
  );
}

/** The exact fields that will be sent, the depth and language, the cost, and the one button that spends. */
export function LookupForm({ lang, prefs }: { lang: Lang; prefs: Settings | undefined }) {
  const draft = usePanel((s) => s.draft);
  const refresh = usePanel((s) => s.refresh);
  const quote = usePanel((s) => s.quotes[s.depth]);
  const quoting = usePanel((s) => s.quoting);
  const quoteError = usePanel((s) => s.quoteError);
  const starting = usePanel((s) => s.starting);
  const prepare = usePanel((s) => s.prepare);
  const runRequest = usePanel((s) => s.runRequest);
  const key = useStored(keyStatus);
  // The stored balance is live (every charge updates it); the quote's is from when it was asked.
  const balance = useStored(credits)?.balance ?? quote?.balance ?? null;
  const [dialog, spend] = useConfirmSpend(lang, prefs);
  const headingId = useId();

  const input = inputOf(draft);
  const cost = quote ? costOf(quote, refresh) : null;
  const blocked = quote?.unavailable && cost !== 0;

  // Click and Enter alike: the price that goes is the fresh quote's for what the form holds now; when a re-quote is
  // pending, it is waited for, and a price other than the one on the button is confirmed first.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // What the button showed (this render's price): a fresh quote that differs is confirmed first.
    const shown = quote && !blocked ? cost : null;
    const ready = await prepare();
    if (!ready) return;
    const { input: sent, depth: chosen } = ready.request;
    spend({
      depth: chosen,
      cost: ready.cost,
      balance,
      who: `${personName(sent)} (${sent.empresa})`,
      shown,
      go: () => void runRequest(ready.request, ready.quote),
    });
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-labelledby={headingId}
      className="flex flex-col gap-3"
      data-testid="lookup-form"
    >
      <div>
        <h2 id={headingId} tabIndex={-1} className="text-sm font-semibold">
          {tr(lang, { pt: 'O que será enviado', en: 'What will be sent' })}
        </h2>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {tr(lang, {
            pt: 'Só estes campos saem do navegador. Confira e corrija antes de analisar.',
            en: 'Only these fields leave the browser. Check and fix them before analysing.',
          })}
        </p>
      </div>
      <PersonFields lang={lang} />

      <DepthPicker lang={lang} />

      <AnalysisLanguage lang={lang} />

      {quote?.cached && <CachedNote createdAt={quote.cached.createdAt} price={quote.credits} lang={lang} />}

      {quote && <CostSummary quote={quote} refresh={refresh} balance={balance} lang={lang} />}
      {!input && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {tr(lang, {
            pt: 'Preencha o primeiro nome e a empresa para ver o custo.',
            en: 'Fill in the first name and the company to see the cost.',
          })}
        </p>
      )}
      {blocked && quote.unavailable && (
        <Notice
          tone="warning"
          action={
            key?.present === false && (
              <Button size="sm" onClick={() => void openExtensionPage('options.html#chave')}>
                {tr(lang, { pt: 'Abrir opções', en: 'Open options' })}
              </Button>
            )
          }
        >
          {tr(lang, quote.unavailable)}
        </Notice>
      )}
      {quoteError && !quote && <Notice tone="danger">{tr(lang, quoteError)}</Notice>}

      <Button
        type="submit"
        variant="primary"
        loading={starting}
        // While a re-quote is pending the button stays usable: the click waits for the fresh price.
        disabled={!input || (!quoting && (!quote || !!blocked))}
        aria-busy={quoting || starting || undefined}
        data-testid="run"
        data-quoting={quoting}
      >
        {quoting && !starting && <Spinner />}
        {cost === 0
          ? tr(lang, { pt: 'Abrir do histórico — 0 créditos', en: 'Open from history — 0 credits' })
          : cost === null
            ? tr(lang, { pt: 'Analisar', en: 'Analyse' })
            : tr(lang, {
                pt: `Analisar — ${creditsText('pt', cost)}`,
                en: `Analyse — ${creditsText('en', cost)}`,
              })}
        {quoting && quote && (
          <span className="font-normal opacity-80" data-testid="run-updating">
            {tr(lang, { pt: '· atualizando…', en: '· updating…' })}
          </span>
        )}
      </Button>
      {dialog}
    </form>
  );
}
