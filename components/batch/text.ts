import type { StakeholderClass } from '@/lib/batch/committee';
import { CLASS_LABELS } from '@/lib/batch/committee';
import { ROW_STATUS_LABELS } from '@/lib/batch/export';
import { LOST_ROW_EN } from '@/lib/batch/model';
import type { BatchProgress } from '@/lib/batch/progress';
import { formatNumber, tr } from '@/lib/i18n';
import type { BatchPlan, BatchRow, JobStatus, Lang, RowStatus, Text } from '@/lib/model';

/*
 * Texts the batch page shares between its parts. The Portuguese of row statuses and stakeholder classes is
 * the one the exports and the committee use; only the English is kept here.
 */

export const JOB_LABELS: Record<JobStatus, Text> = {
  running: { pt: 'em andamento', en: 'running' },
  paused: { pt: 'pausado', en: 'paused' },
  cancelled: { pt: 'cancelado', en: 'cancelled' },
  done: { pt: 'concluído', en: 'done' },
};

const ROW_STATUS_EN: Record<RowStatus, string> = {
  queued: 'queued',
  sent: 'sent',
  done: 'done',
  cached: 'from history',
  failed: 'failed',
  interrupted: 'interrupted',
  cancelled: 'cancelled',
};

export const rowStatusText = (lang: Lang, status: RowStatus): string =>
  tr(lang, { pt: ROW_STATUS_LABELS[status], en: ROW_STATUS_EN[status] });

const CLASS_EN: Record<StakeholderClass, string> = {
  decisor: 'C-Level / decision makers',
  gestor: 'Managers',
  contribuidor: 'Individual contributors',
  outro: 'Others',
};

export const classText = (lang: Lang, k: StakeholderClass): string =>
  tr(lang, { pt: CLASS_LABELS[k], en: CLASS_EN[k] });

/**
 * Why a row failed. The service's own words (batch items are answered in Portuguese only) are shown as they
 * are unless a translated message came with them.
 */
export function rowErrorText(lang: Lang, row: BatchRow): string | undefined {
  if (row.error === undefined || lang === 'pt') return row.error;
  const lost = row.error_code ? LOST_ROW_EN[row.error_code] : undefined;
  if (lost) return lost;
  return row.apiError ? tr(lang, row.apiError.message) : row.error;
}

/** "1 person", "3 people": English counts by number; Portuguese texts keep their own wording. */
export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const credits = (lang: Lang, n: number) =>
  `${formatNumber(lang, n)} ${tr(lang, { pt: 'créditos', en: plural(n, 'credit', 'credits') })}`;
export const peopleText = (lang: Lang, n: number) =>
  `${formatNumber(lang, n)} ${tr(lang, { pt: 'pessoas', en: plural(n, 'person', 'people') })}`;

/** The plan's figures as sentences: the cost against the balance, what is left out, what the balance covers. */
export function planTexts(lang: Lang, plan: BatchPlan) {
  const n = (x: number) => formatNumber(lang, x);
  const balance = plan.balance === null ? tr(lang, { pt: 'desconhecido', en: 'unknown' }) : n(plan.balance);
  return {
    toSend: tr(lang, { pt: 'a analisar', en: 'to analyse' }),
    cost: tr(lang, {
      pt: `créditos · saldo ${balance}`,
      en: `${plural(plan.cost, 'credit', 'credits')} · balance ${balance}`,
    }),
    setAside: tr(lang, {
      pt:
        `${n(plan.cached)} do histórico (sem custo) · ${n(plan.duplicates)} duplicada(s) unida(s) · ` +
        `${n(plan.invalid)} incompleta(s) ignorada(s)`,
      en:
        `${n(plan.cached)} from the history (no cost) · ` +
        `${n(plan.duplicates)} ${plural(plan.duplicates, 'duplicate', 'duplicates')} merged · ` +
        `${n(plan.invalid)} incomplete, skipped`,
    }),
    covers: tr(lang, {
      pt: `O saldo cobre ${n(plan.fits)} de ${peopleText(lang, plan.toSend)}.`,
      en: `The balance covers ${n(plan.fits)} of ${peopleText(lang, plan.toSend)}.`,
    }),
  };
}

const seconds = (ms: number) => (ms < 60_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.ceil(ms / 60_000)} min`);

/** A job's progress in figures, and about how long is left while it runs. */
export function countsText(lang: Lang, p: BatchProgress): string {
  const n = (x: number) => formatNumber(lang, x);
  const eta = p.etaMs !== null && p.remaining > 0 ? seconds(p.etaMs) : null;
  return tr(lang, {
    pt:
      `${n(p.done)} concluídas · ${n(p.failed)} com falha · ${n(p.remaining)} restantes · ` +
      `${n(p.creditsSpent)} créditos gastos${eta ? ` · cerca de ${eta} restantes` : ''}`,
    en:
      `${n(p.done)} done · ${n(p.failed)} failed · ${n(p.remaining)} remaining · ` +
      `${n(p.creditsSpent)} ${plural(p.creditsSpent, 'credit', 'credits')} spent${eta ? ` · about ${eta} left` : ''}`,
  });
}
