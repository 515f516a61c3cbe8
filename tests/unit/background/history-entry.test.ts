import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_VERSION } from '@/lib/analysis/model';
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { buildEntry, type EntryFacts } from '@/lib/background/history-entry';
import { personKey } from '@/lib/history';
import { isHistoryEntry } from '@/lib/model';
import crmJson from '@/tests/fixtures/api/crm.json';

const crm = crmJson as { analise: unknown; metadata?: unknown };

const facts: EntryFacts = {
  id: 'job-1',
  input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
  depth: 'complete',
  lang: 'pt',
  endpoint: '/api/v1/profile/complete',
  creditsCharged: 2,
  createdAt: 1_700_000_000_000,
};

describe('buildEntry: the one builder of history entries (single lookups and batch rows)', () => {
  it('normalizes the answer, keys the person and versions the reading', () => {
    const e = buildEntry(facts, crm);
    const { analysis, issues } = normalizeAnalysis(crm.analise, {
      metadata: crm.metadata,
      aiInsights: undefined,
    });
    expect(e.analysis).toEqual(analysis);
    expect(e.issues).toEqual(issues);
    expect(e.personKey).toBe(personKey(facts.input));
    expect(e.version).toBe(ANALYSIS_VERSION);
    expect(isHistoryEntry(e)).toBe(true);
  });

  it('adds only the remarks given: no key is present with an undefined value', () => {
    const plain = buildEntry(facts, crm);
    expect(Object.keys(plain)).not.toContain('notice');
    expect(Object.keys(plain)).not.toContain('billingCheck');
    expect(Object.keys(plain)).not.toContain('implausibleCharge');
    const noted = buildEntry(facts, crm, { implausibleCharge: 999, notice: { pt: 'a', en: 'b' } });
    expect(noted.implausibleCharge).toBe(999);
    expect(noted.notice).toEqual({ pt: 'a', en: 'b' });
  });

  it('property: whatever the service answers, the facts are kept as given and the entry is one history reads', () => {
    fc.assert(
      fc.property(
        fc.record({
          id: fc.string({ minLength: 1, maxLength: 40 }),
          depth: fc.constantFrom('quick', 'complete', 'plus'),
          lang: fc.constantFrom('pt', 'en'),
          creditsCharged: fc.nat(10),
          createdAt: fc.nat(),
          first: fc.string({ maxLength: 30 }),
          company: fc.string({ maxLength: 30 }),
        }),
        fc.anything(),
        fc.anything(),
        (f, analise, insights) => {
          const input = { primeiro_nome: f.first, ultimo_nome: '', empresa: f.company };
          const given = { ...facts, ...f, input } as EntryFacts;
          const e = buildEntry(given, { analise, ai_insights: insights });
          for (const k of Object.keys(given) as (keyof EntryFacts)[]) expect(e[k]).toEqual(given[k]);
          expect(e.personKey).toBe(personKey(input));
          expect(e.analysis).toEqual(normalizeAnalysis(analise, { aiInsights: insights }).analysis);
          expect(Object.values(e)).not.toContain(undefined);
        },
      ),
      { numRuns: 200 },
    );
  });
});
