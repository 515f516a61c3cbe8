import type { Lang, Text } from '@/lib/model';
import { fold } from '@/lib/text';

/*
 * The service names the stakeholder type in English ("C-Level", "Manager", "Individual Contributor") even in a
 * Portuguese analysis. The Portuguese UI shows it in Portuguese; a type it does not know is shown as written.
 */

const KNOWN: [RegExp, Text][] = [
  [/^(c[- ]?level|executive|executivo|c[- ]?suite)$/, { pt: 'Alta direção (C-Level)', en: 'C-Level' }],
  [/^(director|diretor|diretora|diretoria|vp|vice[- ]president)$/, { pt: 'Diretoria', en: 'Director' }],
  [/^(manager|gerente|gestor|gestora|gestao)$/, { pt: 'Gestão', en: 'Manager' }],
  [
    /^(individual contributor|ic|contribuidor individual|contribuidora individual)$/,
    { pt: 'Contribuidor individual', en: 'Individual contributor' },
  ],
  [/^(influencer|influenciador|influenciadora)$/, { pt: 'Influenciador', en: 'Influencer' }],
  [/^(decision maker|decisor|decisora|tomador de decisao)$/, { pt: 'Decisor', en: 'Decision maker' }],
  [/^(champion|defensor|defensora)$/, { pt: 'Defensor interno', en: 'Champion' }],
  [/^(user|usuario|usuaria|end user)$/, { pt: 'Usuário', en: 'User' }],
];

/** The stakeholder type in the UI's language. */
export function stakeholderText(lang: Lang, raw: string | undefined | null): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (!text) return undefined;
  const key = fold(text).replace(/[_\s]+/g, ' ');
  for (const [pattern, label] of KNOWN) if (pattern.test(key)) return label[lang];
  return text;
}

/** The field's name: "Papel na compra" reads better to a Brazilian seller than "Stakeholder". */
export const STAKEHOLDER_LABEL: Text = { pt: 'Papel na compra', en: 'Stakeholder' };
