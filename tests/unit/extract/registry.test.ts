import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extractCandidates, extractors } from '@/lib/extract/registry';
import { readPage } from '../../fixtures/pages/cases';

const doc = (html: string) => parseHTML(html).document as unknown as Document;

describe('extractCandidates', () => {
  it('merges one person found by several extractors, keeping the surest and a title from any', () => {
    const html = `<html><head>
      <meta name="author" content="Ana Souza">
      <script type="application/ld+json">{"@type":"Person","name":"Ana Souza","worksFor":"Nubank"}</script>
      </head><body>
      <div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ana  Souza</span>
        <span itemprop="worksFor">NUBANK</span><span itemprop="jobTitle">Head de Vendas</span></div>
      <div class="h-card"><span class="p-name">Bruno Lima</span><span class="p-org">Stone</span></div>
      </body></html>`;
    expect(extractCandidates(doc(html), 'https://exemplo.com.br/')).toEqual([
      {
        primeiro_nome: 'Ana',
        ultimo_nome: 'Souza',
        empresa: 'Nubank',
        cargo: 'Head de Vendas',
        confidence: 0.85,
        source: 'jsonld',
      },
      { primeiro_nome: 'Bruno', ultimo_nome: 'Lima', empresa: 'Stone', confidence: 0.75, source: 'hcard' },
      // no organisation on the site: the author alone, less sure
      { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: '', confidence: 0.25, source: 'meta-author' },
    ]);
  });

  it('runs only the site extractor on a site that has one: a single-page site keeps stale meta tags', () => {
    const found = extractCandidates(
      doc(readPage('linkedin-after-navigation.html')),
      'https://www.linkedin.com/in/bruno-lima-7c1d2e/',
    );
    expect(found.map((c) => c.source)).toEqual(['linkedin']);
    // the same page under another address is read by the generic extractors, stale og:title included
    const generic = extractCandidates(
      doc(readPage('linkedin-after-navigation.html')),
      'https://exemplo.com.br/',
    );
    expect(generic.map((c) => c.source)).toContain('opengraph');
  });

  it('accepts a URL object', () => {
    expect(
      extractCandidates(doc(readPage('github-profile.html')), new URL('https://github.com/rafaelcosta')),
    ).toHaveLength(1);
  });

  it('lists every extractor once, site extractors first', () => {
    const ids = extractors.map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'linkedin',
        'github',
        'hubspot',
        'pipedrive',
        'rdstation',
        'salesforce',
        'gmail',
        'outlook',
        'jsonld',
        'microdata',
        'hcard',
        'opengraph',
        'meta-author',
        'team-page',
      ]),
    );
    const firstGeneric = extractors.findIndex((x) => !x.matches);
    expect(extractors.slice(firstGeneric).every((x) => !x.matches)).toBe(true);
  });
});
