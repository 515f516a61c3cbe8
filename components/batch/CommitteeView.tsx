import { useMemo, useState } from 'react';
import { OCEAN_LABELS } from '@/lib/analysis/model';
import { STAKEHOLDER_CLASSES, buildCommittee, companiesOf, type Committee } from '@/lib/batch/committee';

const names = (ms: Committee['deciders']) => ms.map((m) => m.name).join(', ');
import { formatNumber, tr } from '@/lib/i18n';
import { Button, Card } from '@/components/ui';
import { classText } from './text';
import type { HistoryEntry, Lang } from '@/lib/model';

/** The buying committee of one company, from the analyses already in hand (no extra credits). */
export function CommitteeView({
  entries,
  onOpen,
  lang,
}: {
  entries: HistoryEntry[];
  onOpen: (e: HistoryEntry) => void;
  lang: Lang;
}) {
  const companies = useMemo(() => companiesOf(entries), [entries]);
  const [chosen, setChosen] = useState<string | null>(null);
  const company = chosen ?? companies[0]?.company;
  const committee = useMemo(() => (company ? buildCommittee(company, entries) : null), [company, entries]);
  if (!committee) return null;
  const byId = new Map(entries.map((e) => [e.id, e]));
  return (
    <section aria-labelledby="committee-title" className="space-y-3">
      <h2 id="committee-title" className="text-lg font-semibold">
        {tr(lang, { pt: 'Comitê de compra', en: 'Buying committee' })}
      </h2>
      <label className="flex items-center gap-2 text-sm">
        {tr(lang, { pt: 'Empresa', en: 'Company' })}
        <select
          className="rounded border border-zinc-300 p-1 dark:border-zinc-600 dark:bg-zinc-900"
          value={company}
          onChange={(e) => setChosen(e.target.value)}
        >
          {companies.map((c) => (
            <option key={c.company} value={c.company}>
              {c.company} ({formatNumber(lang, c.count)})
            </option>
          ))}
        </select>
      </label>
      <div className="grid gap-3 md:grid-cols-4" data-testid="stakeholder-map">
        {STAKEHOLDER_CLASSES.filter((k) => committee.byClass[k].length).map((k) => (
          <Card key={k} className="space-y-2 p-3">
            <h3 className="font-medium">{classText(lang, k)}</h3>
            <ul className="space-y-2 text-sm">
              {committee.byClass[k].map((m) => (
                <li key={m.entryId}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => byId.get(m.entryId) && onOpen(byId.get(m.entryId)!)}
                  >
                    {m.name}
                  </Button>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                    {[
                      m.cargo,
                      m.mbti,
                      ...m.traits.map(
                        (t) => `${tr(lang, OCEAN_LABELS[t.trait])} ${Math.round(t.score * 100)}%`,
                      ),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
      <Card className="space-y-2 p-4">
        <h3 className="font-medium">{tr(lang, { pt: 'Abordagem combinada', en: 'Combined approach' })}</h3>
        <p className="text-sm">
          <strong>{tr(lang, { pt: 'Quem decide:', en: 'Who decides:' })}</strong>{' '}
          {names(committee.deciders) || '—'} ·{' '}
          <strong>{tr(lang, { pt: 'Quem influencia:', en: 'Who influences:' })}</strong>{' '}
          {names(committee.influencers) || '—'}
        </p>
        {committee.sharedPains.length > 0 && (
          <ul className="list-disc pl-5 text-sm">
            {committee.sharedPains.map((p) => (
              <li key={p.desafio}>
                {p.desafio} <span className="text-zinc-600 dark:text-zinc-400">({p.people.join(', ')})</span>
              </li>
            ))}
          </ul>
        )}
        <ol className="list-decimal pl-5 text-sm">
          {committee.approach.map((step) => (
            <li key={step.pt}>{tr(lang, step)}</li>
          ))}
        </ol>
      </Card>
    </section>
  );
}
