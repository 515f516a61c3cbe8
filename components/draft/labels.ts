import { tr } from '@/lib/i18n';
import type { Option } from '@/components/ui';
import type { DraftLanguage, Length, Tone } from '@/lib/draft/prompt';
import type { Channel, Lang, Text } from '@/lib/model';

/** The draft form's choices as the seller reads them. */
export const CHANNEL_LABELS: Record<Channel, Text> = {
  linkedin: { pt: 'Mensagem no LinkedIn', en: 'LinkedIn message' },
  'linkedin-note': { pt: 'Nota de convite (LinkedIn)', en: 'Invitation note (LinkedIn)' },
  email: { pt: 'E-mail', en: 'E-mail' },
  whatsapp: { pt: 'WhatsApp', en: 'WhatsApp' },
};
export const TONE_LABELS: Record<Tone, Text> = {
  consultivo: { pt: 'Consultivo', en: 'Consultative' },
  direto: { pt: 'Direto', en: 'Direct' },
  amigavel: { pt: 'Amigável', en: 'Friendly' },
  formal: { pt: 'Formal', en: 'Formal' },
};
export const LENGTH_LABELS: Record<Length, Text> = {
  curta: { pt: 'Curta', en: 'Short' },
  media: { pt: 'Média', en: 'Medium' },
  longa: { pt: 'Longa', en: 'Long' },
};
export const LANGUAGE_LABELS: Record<DraftLanguage, Text> = {
  pt: { pt: 'Português', en: 'Portuguese' },
  en: { pt: 'Inglês', en: 'English' },
};

export const options = <V extends string>(labels: Record<V, Text>, lang: Lang): Option<V>[] =>
  (Object.keys(labels) as V[]).map((value) => ({ value, label: tr(lang, labels[value]) }));
