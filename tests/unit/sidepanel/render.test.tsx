import { describe, expect, it } from 'vitest';
import { stakeholderText } from '@/lib/analysis/stakeholder';
import { renderToStaticMarkup } from 'react-dom/server';
import { AnalysisView } from '@/components/analysis';
import type { Analysis } from '@/lib/analysis/model';
import { basic, complete, plus, plusBatchShape } from './analyses';

const render = (analysis: Analysis, lang: 'pt' | 'en' = 'pt') =>
  renderToStaticMarkup(<AnalysisView analysis={analysis} name="Ana Souza" company="Nubank" lang={lang} />);

const decode = (html: string) =>
  html
    .replace(/<[^>]*>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

function texts(x: unknown, key = ''): string[] {
  if (key === 'ocean' || key === 'metadata') return [];
  // The stakeholder type is shown in the UI's language.
  if (key === 'tipoStakeholder' && typeof x === 'string') return [stakeholderText('pt', x)!];
  if (typeof x === 'string') return [x];
  if (Array.isArray(x)) return x.flatMap((v) => texts(v));
  if (typeof x === 'object' && x !== null) return Object.entries(x).flatMap(([k, v]) => texts(v, k));
  return [];
}

describe('AnalysisView', () => {
  it.each([
    ['Basic', basic],
    ['Complete', complete],
    ['Plus', plus],
    ['Plus batch', plusBatchShape],
  ])('puts every field of the %s analysis on screen', (_, analysis) => {
    const shown = decode(render(analysis));
    expect(texts(analysis).filter((t) => !shown.includes(t))).toEqual([]);
  });

  it('opens with the summary card, then collapsible sections, the key ones open', () => {
    const html = render(plus);
    expect(html.indexOf('data-testid="summary-card"')).toBeLessThan(html.indexOf('<details'));
    const details = [...html.matchAll(/<details( open="")?[^>]*><summary[^>]*>([^<]+)</g)].map((m) => [
      m[2],
      !!m[1],
    ]);
    expect(details).toEqual([
      ['Manual do comprador', true],
      ['Como engajar (Plus)', true],
      ['Personalidade', true],
      ['Linguagem de impacto', false],
      ['Perfil profissional', false],
      ['Pontos fortes e confiança', false],
      ['Dores dinâmicas', false],
      ['Contexto de negócios', false],
      ['Insights regionais (Brasil)', false],
      ['Inteligência de mercado (Plus)', false],
      ['Metadados', false],
    ]);
  });

  it('shows the OCEAN bars beside the summary, before every section, and once', () => {
    const html = render(plus);
    const chart = html.indexOf('data-testid="ocean-chart"');
    expect(chart).toBeGreaterThan(html.indexOf('data-testid="summary-card"'));
    expect(chart).toBeLessThan(html.indexOf('<details'));
    expect(html.split('data-testid="ocean-chart"')).toHaveLength(2);
  });

  it('writes each OCEAN value as text next to its bar, which is hidden from assistive technology', () => {
    const html = render(complete);
    const chart = html.slice(html.indexOf('data-testid="ocean-chart"'));
    expect(chart).toMatch(/<figcaption[^>]*>OCEAN \(Big Five\), de 0 a 100<\/figcaption>/);
    expect(decode(chart)).toMatch(/Conscienciosidade\s+91/);
    expect(decode(chart)).toMatch(/Estabilidade emocional\s+78\s*\(neuroticismo 22\)/);
    expect(chart).toContain('aria-hidden="true"');
    expect(chart).toContain('style="width:91%"');
  });

  it('renders the service text as text, never as markup', () => {
    const hostile = {
      ...basic,
      cargo: '<img src=x onerror="alert(1)">',
      linguagemImpacto: ['<script>alert(2)</script>'],
    } as Analysis;
    const html = render(hostile);
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('follows the UI language for every label', () => {
    const html = render(plus, 'en');
    expect(html).toContain('Buyer playbook');
    expect(html).toContain('How to approach');
    expect(html).not.toContain('Manual do comprador');
  });
});
