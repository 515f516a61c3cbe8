import { useState } from 'react';
import { Disclosure, Field, Notice, SelectField, Spinner, controlClass } from '@/components/ui';
import {
  clampMaxTokens,
  clampTemperature,
  DEFAULT_MAX_TOKENS,
  DEFAULT_TEMPERATURE,
  maxTokensFor,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
} from '@/lib/draft/limits';
import { tr } from '@/lib/i18n';
import type { Lang } from '@/lib/model';
import type { useChatModel } from './useChatModel';

/** The model's settings for a draft: how free it writes and how long it may go (clamped to the model's limit). */
export function useModelTuning() {
  const [temperature, setTemperature] = useState(DEFAULT_TEMPERATURE);
  const [maxTokens, setMaxTokens] = useState(DEFAULT_MAX_TOKENS);
  return { temperature, setTemperature, maxTokens, setMaxTokens };
}
type Tuning = ReturnType<typeof useModelTuning>;

/** "Modelo": which chat model writes the draft, its temperature and its token limit, in a collapsed section. */
export function ModelChoice({
  chat,
  tuning,
  lang,
}: {
  chat: ReturnType<typeof useChatModel>;
  tuning: Tuning;
  lang: Lang;
}) {
  const { models, model, setModel } = chat;
  const limit = model ? maxTokensFor(model) : DEFAULT_MAX_TOKENS;
  return (
    <Disclosure summary={tr(lang, { pt: 'Modelo', en: 'Model' })}>
      <div className="flex flex-col gap-2">
        {models.status === 'loading' && (
          <Spinner label={tr(lang, { pt: 'Carregando modelos', en: 'Loading models' })} />
        )}
        {models.status === 'error' && <Notice tone="danger">{tr(lang, models.error)}</Notice>}
        {models.status === 'success' && (
          <SelectField
            label={tr(lang, { pt: 'Modelo', en: 'Model' })}
            options={models.value.map((m) => ({ value: m.id, label: m.id }))}
            value={model}
            onChange={(id) => {
              setModel(id);
              tuning.setMaxTokens((n) => clampMaxTokens(n, id));
            }}
            data-testid="draft-model"
          />
        )}
        <Field
          label={tr(lang, {
            pt: `Temperatura (${TEMPERATURE_MIN}–${TEMPERATURE_MAX})`,
            en: `Temperature (${TEMPERATURE_MIN}–${TEMPERATURE_MAX})`,
          })}
        >
          {(control) => (
            <input
              type="number"
              className={controlClass}
              min={TEMPERATURE_MIN}
              max={TEMPERATURE_MAX}
              step={0.1}
              value={tuning.temperature}
              onChange={(e) => tuning.setTemperature(clampTemperature(e.target.valueAsNumber))}
              {...control}
            />
          )}
        </Field>
        <Field label={tr(lang, { pt: `Máximo de tokens (até ${limit})`, en: `Max tokens (up to ${limit})` })}>
          {(control) => (
            <input
              type="number"
              className={controlClass}
              min={1}
              max={limit}
              step={50}
              value={tuning.maxTokens}
              onChange={(e) => tuning.setMaxTokens(clampMaxTokens(e.target.valueAsNumber, model))}
              {...control}
            />
          )}
        </Field>
      </div>
    </Disclosure>
  );
}
