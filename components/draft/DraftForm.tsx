import { useState } from 'react';
import { Field, SelectField, controlClass } from '@/components/ui';
import type { DraftLanguage, Length, Tone } from '@/lib/draft/prompt';
import { tr } from '@/lib/i18n';
import type { Channel, Lang } from '@/lib/model';
import { CHANNEL_LABELS, LANGUAGE_LABELS, LENGTH_LABELS, TONE_LABELS, options } from './labels';

/** What the seller asks of the draft: where it goes, its tone and length, its language, their notes. */
export function useDraftForm(language0: DraftLanguage) {
  const [channel, setChannel] = useState<Channel>('linkedin');
  const [tone, setTone] = useState<Tone>('consultivo');
  const [length, setLength] = useState<Length>('curta');
  const [language, setLanguage] = useState<DraftLanguage>(language0);
  const [notes, setNotes] = useState('');
  return { channel, setChannel, tone, setTone, length, setLength, language, setLanguage, notes, setNotes };
}
export type DraftFormState = ReturnType<typeof useDraftForm>;

export function DraftForm({ form, lang }: { form: DraftFormState; lang: Lang }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        {/* The channel's names are the longest ("Mensagem no LinkedIn"): a full row keeps them whole. */}
        <SelectField
          className="col-span-2"
          label={tr(lang, { pt: 'Canal', en: 'Channel' })}
          options={options(CHANNEL_LABELS, lang)}
          value={form.channel}
          onChange={form.setChannel}
        />
        <SelectField
          label={tr(lang, { pt: 'Tom', en: 'Tone' })}
          options={options(TONE_LABELS, lang)}
          value={form.tone}
          onChange={form.setTone}
        />
        <SelectField
          label={tr(lang, { pt: 'Tamanho', en: 'Length' })}
          options={options(LENGTH_LABELS, lang)}
          value={form.length}
          onChange={form.setLength}
        />
        <SelectField
          label={tr(lang, { pt: 'Idioma', en: 'Language' })}
          options={options(LANGUAGE_LABELS, lang)}
          value={form.language}
          onChange={form.setLanguage}
        />
      </div>
      <Field
        label={tr(lang, { pt: 'Suas notas (opcional)', en: 'Your notes (optional)' })}
        hint={tr(lang, {
          pt: 'Só a análise e estas notas vão para o modelo.',
          en: 'Only the analysis and these notes go to the model.',
        })}
      >
        {(control) => (
          <textarea
            className={controlClass}
            rows={2}
            maxLength={2000}
            value={form.notes}
            onChange={(e) => form.setNotes(e.target.value)}
            {...control}
          />
        )}
      </Field>
    </>
  );
}
