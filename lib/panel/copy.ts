import { formatDate } from '@/lib/i18n';
import type { HistoryEntry, Lang } from '@/lib/model';
import { slug } from '@/lib/text';
import { DEPTH_LABELS, personName } from './format';
import { oceanLines } from './ocean';
import { analysisSections, summaryLabel, summaryOf, type Block } from './sections';

/* An analysis taken elsewhere: plain text and Markdown for CRM notes, JSON for keeping. */

/** How one output format writes: headings, paragraphs and list items; `esc` and `strong` wrap content. */
interface Style {
  heading(level: 1 | 2 | 3, text: string): string[];
  item(text: string): string;
  esc(text: string): string;
  strong(text: string): string;
}

function write(entry: HistoryEntry, lang: Lang, style: Style): string {
  const { esc, strong } = style;
  const lines: string[] = [];
  const heading = (level: 1 | 2 | 3, text: string) => {
    if (lines.length) lines.push('');
    lines.push(...style.heading(level, esc(text)));
  };
  const fact = (label: string, text: string) => lines.push(style.item(`${strong(label)}: ${esc(text)}`));
  const a = entry.analysis;
  heading(1, `${personName(entry.input)} — ${entry.input.empresa}`);
  lines.push(
    esc(
      lang === 'pt'
        ? `Análise ${DEPTH_LABELS[entry.depth].pt} de ${formatDate(lang, entry.createdAt)}`
        : `${DEPTH_LABELS[entry.depth].en} analysis of ${formatDate(lang, entry.createdAt)}`,
    ),
  );
  if (entry.notice) lines.push(esc(entry.notice[lang]));
  const summary = summaryOf(a, lang);
  for (const f of summary.facts) fact(f.label, f.text);
  if (summary.traits.length) fact(summaryLabel('traits', lang), summary.traits.join(', '));
  if (summary.approach) fact(summaryLabel('approach', lang), summary.approach);
  for (const section of analysisSections(a, lang)) {
    heading(2, section.title);
    for (const block of section.blocks) {
      if (block.kind !== 'facts' || block.label) heading(3, blockLabel(block));
      switch (block.kind) {
        case 'facts':
          for (const f of block.items) fact(f.label, f.text);
          break;
        case 'text':
          lines.push(esc(block.text));
          break;
        case 'list':
          for (const i of block.items) lines.push(style.item(esc(i)));
          break;
        case 'records':
          for (const r of block.items)
            lines.push(
              style.item([strong(r.title), ...r.fields.map((f) => esc(`${f.label}: ${f.text}`))].join(' — ')),
            );
          break;
        case 'ocean':
          for (const l of oceanLines(block.chart, lang)) lines.push(style.item(esc(l)));
          break;
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

const blockLabel = (block: Block): string => (block.kind === 'ocean' ? 'OCEAN' : (block.label ?? ''));

/** Line breaks inside a value would break the list it sits in. */
const squash = (s: string) => s.replace(/\s*\n\s*/g, ' ');

/** Plain text with dashes for lists, for any notes field. */
export function analysisToText(entry: HistoryEntry, lang: Lang): string {
  return write(entry, lang, {
    heading: (level, text) => [level === 1 ? text : level === 2 ? text.toUpperCase() : `${text}:`],
    item: (text) => `- ${text}`,
    esc: squash,
    strong: squash,
  });
}

/** Characters Markdown would read as formatting, escaped so the service's text stays text. */
export function escapeMarkdown(s: string): string {
  return squash(s).replace(/[\\`*_{}[\]<>#|~]/g, '\\$&');
}

export function analysisToMarkdown(entry: HistoryEntry, lang: Lang): string {
  return write(entry, lang, {
    heading: (level, text) => [`${'#'.repeat(level)} ${text}`, ''],
    item: (text) => `- ${text}`,
    esc: escapeMarkdown,
    strong: (s) => `**${escapeMarkdown(s)}**`,
  });
}

/** Everything the entry holds, re-readable. */
export function analysisToJson(entry: HistoryEntry): string {
  return JSON.stringify({ format: 'perfil-intel-analise', version: 1, ...entry }, null, 2);
}

export function analysisFileName(entry: HistoryEntry): string {
  const name = slug(`${personName(entry.input)} ${entry.input.empresa}`, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `perfil-intel-${name || 'analise'}-${new Date(entry.createdAt).toISOString().slice(0, 10)}.json`;
}
