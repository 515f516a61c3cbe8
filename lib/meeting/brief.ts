import type { Analysis } from '@/lib/analysis/model';
import { approachSummary } from '@/lib/analysis/summary';
import { buildCommittee, CLASS_LABELS, companiesOf, type Committee } from '@/lib/batch/committee';
import { tr } from '@/lib/i18n';
import type { HistoryEntry, Lang } from '@/lib/model';
import { personName } from '@/lib/panel/format';

/*
 * The meeting brief: the meeting's title and time, the buying committee of each company present and, per person, a
 * short block to read before the call. Built only from analyses already in the history: opening it costs nothing.
 */

export interface PersonBlock {
  entryId: string;
  name: string;
  company: string;
  /** Role in the purchase: decides or influences, the stakeholder class, the job title. */
  role: string;
  open: string;
  avoid: string;
  question: string;
}

export interface BriefContent {
  title: string;
  when: string;
  committees: Committee[];
  people: PersonBlock[];
}

const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const noDot = (s: string) => s.trim().replace(/[.!?…]+$/, '');

// What to avoid with each strong trait of the Big Five (a score of 0.65 or more; neuroticism counts when high too).
const AVOID: [keyof NonNullable<Analysis['ocean']>, string][] = [
  ['conscientiousness', 'Evite improvisar: chegue com dados, prazos e próximos passos claros.'],
  ['neuroticism', 'Evite surpresas e riscos sem plano: antecipe objeções e mostre como mitigá-las.'],
  ['agreeableness', 'Evite confronto e pressão por fechamento: construa consenso.'],
  ['openness', 'Evite um roteiro engessado: deixe espaço para ideias e alternativas.'],
  ['extraversion', 'Evite monólogos e excesso de slides: faça a conversa andar nos dois sentidos.'],
];
const STRONG = 0.65;

function avoidFor(a: Analysis): string {
  const ocean = a.ocean ?? {};
  const rule = AVOID.find(([trait]) => (ocean[trait] ?? 0) >= STRONG);
  if (rule) return rule[1];
  if ((ocean.extraversion ?? 1) <= 1 - STRONG)
    return 'Evite pedir resposta na hora: mande o material antes e dê tempo para pensar.';
  if (a.decisionMaking) return `Evite pular etapas de como decide: ${lowerFirst(noDot(a.decisionMaking))}.`;
  return '';
}

function openFor(a: Analysis): string {
  const pain = a.painPoints[0]?.desafio ?? a.dynamicPainPoints[0]?.desafio;
  const how = approachSummary(a);
  return [pain && `Comece por ${lowerFirst(noDot(pain))}.`, how].filter(Boolean).join(' ');
}

function questionFor(a: Analysis): string {
  const pain = a.painPoints[0]?.desafio ?? a.dynamicPainPoints[0]?.desafio;
  if (pain) return `Como vocês lidam hoje com ${lowerFirst(noDot(pain))}?`;
  const priority = a.prioridades[0];
  if (priority) return `Que peso tem ${lowerFirst(noDot(priority))} nas prioridades deste ano?`;
  const motive = a.motivadores[0]?.texto;
  if (motive) return `O que precisaria acontecer para ${lowerFirst(noDot(motive))}?`;
  return a.aiInsights?.engagement?.talkingPoints[0] ?? '';
}

export function buildBrief(meeting: { title: string; when: string }, entries: HistoryEntry[]): BriefContent {
  const committees = companiesOf(entries).map((c) => buildCommittee(c.company, entries));
  const people = entries.map((e): PersonBlock => {
    const committee = committees.find((c) => c.members.some((m) => m.entryId === e.id));
    const member = committee?.members.find((m) => m.entryId === e.id);
    const decides = committee?.deciders.some((m) => m.entryId === e.id);
    const role = [
      decides ? 'Decide a compra' : 'Influencia a decisão',
      member && CLASS_LABELS[member.klass],
      e.analysis.tipoStakeholder,
      e.analysis.cargo,
    ]
      .filter(Boolean)
      .join(' · ');
    return {
      entryId: e.id,
      name: personName(e.input),
      company: e.input.empresa,
      role,
      open: openFor(e.analysis),
      avoid: avoidFor(e.analysis),
      question: questionFor(e.analysis),
    };
  });
  return { title: meeting.title, when: meeting.when, committees, people };
}

const LABELS = {
  committee: { pt: 'Comitê de compra', en: 'Buying committee' },
  deciders: { pt: 'Decidem', en: 'Decide' },
  influencers: { pt: 'Influenciam', en: 'Influence' },
  pains: { pt: 'Dores em comum', en: 'Shared pains' },
  people: { pt: 'Quem estará na reunião', en: 'Who will be in the meeting' },
  role: { pt: 'Papel na compra', en: 'Role in the purchase' },
  open: { pt: 'Como abrir', en: 'How to open' },
  avoid: { pt: 'O que evitar', en: 'What to avoid' },
  question: { pt: 'Pergunta para fazer', en: 'A question to ask' },
  plan: { pt: 'Plano da conversa', en: 'Plan for the call' },
} as const;
export const briefLabel = (key: keyof typeof LABELS, lang: Lang) => tr(lang, LABELS[key]);

interface Style {
  heading(level: 1 | 2 | 3, text: string): string;
  item(label: string, text: string): string;
  /** One step of an approach, without a label. */
  step(text: string): string;
  /** Outside text made safe; `block`: the text starts a line of its own. */
  esc(text: string, block?: boolean): string;
}

/** The meeting's time line without the title a page may have written before it. */
function whenLine(c: BriefContent): string {
  const when = c.when.trim();
  const title = c.title.trim();
  if (!title || !when.toLowerCase().startsWith(title.toLowerCase())) return when;
  return when
    .slice(title.length)
    .replace(/^[\s,;:·⋅—–-]+/, '')
    .trim();
}

function write(c: BriefContent, plan: string | undefined, lang: Lang, style: Style): string {
  const { esc } = style;
  const out: string[] = [style.heading(1, esc(c.title))];
  const when = whenLine(c);
  if (when) out.push(esc(when, true));
  if (plan?.trim()) out.push('', style.heading(2, briefLabel('plan', lang)), esc(plan.trim(), true));
  for (const cm of c.committees) {
    out.push('', style.heading(2, `${briefLabel('committee', lang)} — ${esc(cm.company)}`));
    const names = (ms: Committee['deciders']) => ms.map((m) => m.name).join(', ');
    if (cm.deciders.length) out.push(style.item(briefLabel('deciders', lang), esc(names(cm.deciders))));
    if (cm.influencers.length)
      out.push(style.item(briefLabel('influencers', lang), esc(names(cm.influencers))));
    if (cm.sharedPains.length)
      out.push(style.item(briefLabel('pains', lang), esc(cm.sharedPains.map((p) => p.desafio).join('; '))));
    for (const step of cm.approach) out.push(style.step(esc(tr(lang, step))));
  }
  out.push('', style.heading(2, briefLabel('people', lang)));
  for (const p of c.people) {
    out.push('', style.heading(3, `${esc(p.name)} — ${esc(p.company)}`));
    for (const key of ['role', 'open', 'avoid', 'question'] as const)
      if (p[key]) out.push(style.item(briefLabel(key, lang), esc(p[key])));
  }
  return `${out.join('\n').trim()}\n`;
}

/** The brief as plain text (a CRM note, a chat message). */
export const briefToText = (c: BriefContent, plan: string | undefined, lang: Lang) =>
  write(c, plan, lang, {
    heading: (level, text) => (level === 1 ? text.toUpperCase() : level === 2 ? `== ${text} ==` : text),
    item: (label, text) => `- ${label}: ${text}`,
    step: (text) => `→ ${text}`,
    esc: (t) => t,
  });

/**
 * Outside text escaped only where Markdown would read it as markup: emphasis, code and strike marks, link brackets,
 * HTML tags and entities, and at the start of a line (`block`) a heading, quote, list or rule marker. An underscore
 * inside a word is text already. "terça-feira", "(BRT)", "3.5" and "R$ 1.000,00" stay as written.
 */
export function mdEscape(t: string, block = false): string {
  const inline = t
    .replace(/[\\`*[\]<>~]/g, '\\$&')
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&');
  if (!block) return inline;
  return inline
    .split('\n')
    .map((line) => line.replace(/^(\s*)([#>+=-])/, '$1\\$2').replace(/^(\s*\d{1,9})([.)])(?=\s|$)/, '$1\\$2'))
    .join('\n');
}

/** The brief as Markdown. */
export const briefToMarkdown = (c: BriefContent, plan: string | undefined, lang: Lang) =>
  write(c, plan, lang, {
    heading: (level, text) => `${'#'.repeat(level)} ${text}`,
    item: (label, text) => `- **${label}**: ${text}`,
    step: (text) => `- → ${text}`,
    esc: mdEscape,
  });
