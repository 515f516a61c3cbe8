import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { UnreadFields } from '@/components/panel/UnreadFields';
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import type { Lang } from '@/lib/model';
import crm from '@/tests/fixtures/api/crm.json';

const render = (issues: string[], lang: Lang = 'pt') =>
  renderToStaticMarkup(<UnreadFields issues={issues} lang={lang} />);
const summary = (html: string) => /<summary[^>]*>([^<]*)<\/summary>/.exec(html)?.[1];
const title = (html: string) => /<summary[^>]*title="([^"]*)"/.exec(html)?.[1];
const items = (html: string) =>
  [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]*>/g, ''));

/** What the reader reports for the Complete fixture with two fields of the wrong type. */
const twoWrong = normalizeAnalysis({ ...crm.analise, cargo: 42, tipo_stakeholder: ['C-Level'] }).issues;

describe('UnreadFields, the panel’s notice of fields the reader could not read', () => {
  it('says how many, quietly, with the fields and the reasons on request', () => {
    const html = render(twoWrong);
    expect(html).toMatch(/^<details[^>]*data-testid="unread-fields"/);
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(summary(html)).toBe('2 campos não puderam ser lidos');
    expect(title(html)).toBe('cargo, tipo_stakeholder');
    expect(items(html)).toEqual([
      'cargo — esperado texto (recebido número)',
      'tipo_stakeholder — esperado texto (recebido lista)',
    ]);
  });

  it('in English, names the fields without the reader’s Portuguese reasons', () => {
    const html = render(twoWrong, 'en');
    expect(summary(html)).toBe('2 fields could not be read');
    expect(items(html)).toEqual(['cargo', 'tipo_stakeholder']);
  });

  it('uses the singular for one field', () => {
    const one = normalizeAnalysis({ ...crm.analise, cargo: 42 }).issues;
    expect(summary(render(one))).toBe('1 campo não pôde ser lido');
    expect(summary(render(one, 'en'))).toBe('1 field could not be read');
  });

  it('counts the fields past the reader’s cap too', () => {
    const many = normalizeAnalysis({
      ...crm.analise,
      cargo: 42,
      tipo_stakeholder: 7,
      interesses_profissionais: Array(60).fill(1),
    }).issues;
    // two fields, the list's own note and one per item kept (50): 53, cut at 50 lines plus one "and more" line
    expect(many).toHaveLength(51);
    const html = render(many);
    expect(summary(html)).toBe('53 campos não puderam ser lidos');
    expect(items(html)).toHaveLength(51);
    expect(items(html).at(-1)).toBe('e mais 3');
    expect(items(render(many, 'en')).at(-1)).toBe('and 3 more');
  });

  it('says nothing when everything was read', () => {
    expect(normalizeAnalysis(crm.analise).issues).toEqual([]);
    expect(render([])).toBe('');
  });
});
