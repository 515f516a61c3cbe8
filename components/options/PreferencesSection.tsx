import { useState, type FormEvent } from 'react';
import {
  Button,
  Notice,
  Section,
  SelectField,
  TextField,
  Toggle,
  useAction,
  useStored,
} from '@/components/ui';
import { tr } from '@/lib/i18n';
import { settings, type Settings } from '@/lib/storage';
import type { Lang } from '@/lib/model';

type Numeric = 'confirmAboveCredits' | 'reuseDays' | 'lowBalanceThreshold' | 'historyRetentionDays';

/** Each number's range, as the settings schema enforces it. */
const RANGES: Record<Numeric, [number, number]> = {
  confirmAboveCredits: [1, 1000],
  reuseDays: [0, 365],
  lowBalanceThreshold: [0, 100000],
  historyRetentionDays: [1, 3650],
};

const NUMERIC = Object.keys(RANGES) as Numeric[];

function PreferencesForm({ current, lang }: { current: Settings; lang: Lang }) {
  const [draft, setDraft] = useState(current);
  const [numbers, setNumbers] = useState(
    () => Object.fromEntries(NUMERIC.map((f) => [f, String(current[f])])) as Record<Numeric, string>,
  );
  const [submitted, setSubmitted] = useState(false);
  const [save, runSave, resetSave] = useAction((next: Settings) =>
    // Only the preferences: the environment and the addresses belong to their own forms.
    settings.update((old) => ({
      ...next,
      environment: old.environment,
      baseUrls: old.baseUrls,
      llmBaseUrl: old.llmBaseUrl,
      llmModel: old.llmModel,
    })),
  );

  /** The number typed in `field`, or null when it is not a whole number within its range. */
  const parsed = (field: Numeric): number | null => {
    const [min, max] = RANGES[field];
    const value = Number(numbers[field]);
    return numbers[field].trim() !== '' && Number.isInteger(value) && value >= min && value <= max
      ? value
      : null;
  };
  // The cost threshold only counts while confirmation is on.
  const active = (field: Numeric) => field !== 'confirmAboveCredits' || draft.confirmSpending;
  const errorOf = (field: Numeric): string | null => {
    if (!submitted || !active(field) || parsed(field) !== null) return null;
    const [min, max] = RANGES[field];
    return tr(lang, {
      pt: `Use um número inteiro de ${min} a ${max}.`,
      en: `Use a whole number from ${min} to ${max}.`,
    });
  };

  const set = <K extends keyof Settings>(field: K, value: Settings[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    resetSave();
  };
  const numberField = (field: Numeric, label: string, hint: string) => (
    <TextField
      label={label}
      hint={hint}
      error={errorOf(field)}
      type="number"
      inputMode="numeric"
      min={RANGES[field][0]}
      max={RANGES[field][1]}
      step={1}
      disabled={!active(field)}
      value={numbers[field]}
      onChange={(e) => {
        setNumbers((n) => ({ ...n, [field]: e.target.value }));
        resetSave();
      }}
    />
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (NUMERIC.some((f) => active(f) && parsed(f) === null)) return;
    const values = Object.fromEntries(NUMERIC.map((f) => [f, parsed(f) ?? current[f]]));
    void runSave({ ...draft, ...values });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <ChoiceFields draft={draft} set={set} lang={lang} />
      <Toggle
        label={tr(lang, { pt: 'Confirmar antes de gastar créditos', en: 'Confirm before spending credits' })}
        description={tr(lang, {
          pt: 'Pede confirmação para consultas Plus e para as que custam a partir do valor abaixo.',
          en: 'Asks before Plus lookups and before those costing at least the amount below.',
        })}
        checked={draft.confirmSpending}
        onChange={(v) => set('confirmSpending', v)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {numberField(
          'confirmAboveCredits',
          tr(lang, { pt: 'Confirmar a partir de (créditos)', en: 'Confirm from (credits)' }),
          tr(lang, {
            pt: 'Custo de uma consulta que pede confirmação.',
            en: 'The cost of a lookup that asks first.',
          }),
        )}
        {numberField(
          'reuseDays',
          tr(lang, { pt: 'Reaproveitar do histórico por (dias)', en: 'Reuse from history for (days)' }),
          tr(lang, {
            pt: 'A mesma pessoa analisada há menos dias vem do histórico, sem custo. 0 = nunca.',
            en: 'The same person analysed fewer days ago comes from history, free. 0 = never.',
          }),
        )}
        {numberField(
          'lowBalanceThreshold',
          tr(lang, { pt: 'Alerta de saldo baixo (créditos)', en: 'Low-balance alert (credits)' }),
          tr(lang, {
            pt: 'Avisa quando o saldo chega a este valor.',
            en: 'Warns when the balance reaches this amount.',
          }),
        )}
        {numberField(
          'historyRetentionDays',
          tr(lang, { pt: 'Guardar o histórico por (dias)', en: 'Keep the history for (days)' }),
          tr(lang, { pt: 'Consultas mais antigas são apagadas.', en: 'Older lookups are deleted.' }),
        )}
      </div>
      <Toggle
        label={tr(lang, {
          pt: 'Detectar automaticamente nos sites suportados',
          en: 'Detect automatically on supported sites',
        })}
        description={tr(lang, {
          pt: 'Ao abrir o painel, procura a pessoa da página sem você pedir. Nada é enviado sem o seu clique.',
          en: 'When the panel opens, looks for the person on the page without asking. Nothing is sent without your click.',
        })}
        checked={draft.autoDetect}
        onChange={(v) => set('autoDetect', v)}
      />
      <div>
        <Button type="submit" variant="primary" loading={save.status === 'loading'}>
          {tr(lang, { pt: 'Salvar preferências', en: 'Save preferences' })}
        </Button>
      </div>
      {save.status === 'success' && (
        <Notice tone="success">{tr(lang, { pt: 'Preferências salvas.', en: 'Preferences saved.' })}</Notice>
      )}
      {save.status === 'error' && <Notice tone="danger">{tr(lang, save.error)}</Notice>}
    </form>
  );
}

/** The choices from a list: the interface's and the analyses' languages, the default depth, what the icon opens. */
function ChoiceFields({
  draft,
  set,
  lang,
}: {
  draft: Settings;
  set: <K extends keyof Settings>(field: K, value: Settings[K]) => void;
  lang: Lang;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={tr(lang, { pt: 'Idioma da interface', en: 'Interface language' })}
        options={[
          {
            value: 'auto',
            label: tr(lang, { pt: 'Automático (do navegador)', en: "Automatic (the browser's)" }),
          },
          { value: 'pt', label: 'Português (Brasil)' },
          { value: 'en', label: 'English' },
        ]}
        value={draft.language}
        onChange={(v) => set('language', v)}
      />
      <SelectField
        label={tr(lang, { pt: 'Idioma das análises', en: 'Language of the analyses' })}
        options={[
          { value: 'pt', label: 'Português' },
          { value: 'en', label: 'English' },
        ]}
        value={draft.analysisLanguage}
        onChange={(v) => set('analysisLanguage', v)}
      />
      <SelectField
        label={tr(lang, { pt: 'Profundidade padrão', en: 'Default depth' })}
        options={[
          { value: 'quick', label: tr(lang, { pt: 'Rápida (1 crédito)', en: 'Quick (1 credit)' }) },
          {
            value: 'complete',
            label: tr(lang, { pt: 'Completa (2 créditos)', en: 'Complete (2 credits)' }),
          },
          { value: 'plus', label: tr(lang, { pt: 'Plus (3 créditos)', en: 'Plus (3 credits)' }) },
        ]}
        value={draft.defaultDepth}
        onChange={(v) => set('defaultDepth', v)}
      />
      <SelectField
        label={tr(lang, { pt: 'Ao clicar no ícone da extensão', en: 'Clicking the extension icon' })}
        options={[
          {
            value: 'popup',
            label: tr(lang, { pt: 'Mostra o saldo (popup)', en: 'Shows the balance (popup)' }),
          },
          {
            value: 'sidepanel',
            label: tr(lang, { pt: 'Abre o painel lateral', en: 'Opens the side panel' }),
          },
        ]}
        value={draft.actionOpens}
        onChange={(v) => set('actionOpens', v)}
      />
    </div>
  );
}

export function PreferencesSection({ lang }: { lang: Lang }) {
  const current = useStored(settings);
  return (
    <Section id="preferencias" title={tr(lang, { pt: 'Preferências', en: 'Preferences' })}>
      {current && <PreferencesForm current={current} lang={lang} />}
    </Section>
  );
}
