import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { FIRST_MODULES, SHARED_MODULES } from '@/lib/extract/site';
import { extractors, filesFor, sites, SITE_MATCHES } from '@/lib/extract/sites';
import { register } from '@/lib/extract/register';
import { fieldsReaders, mailReaders, pageReaders, sharedReaders } from '@/lib/extract/evidence/modules';
import genericScript from '@/lib/extract/sites/generic';
import linkedinScript from '@/lib/extract/sites/linkedin';
import { shared } from '@/lib/extract/shared';
import { extractCandidates } from '../../fixtures/extract';
import { readPage } from '../../fixtures/pages/cases';

const doc = (html: string) => parseHTML(html).document as unknown as Document;

describe('extractCandidates', () => {
  it('lists one person once: readings merged by name, keeping the surest, its company and title', () => {
    const html = `<html><head>
      <meta name="author" content="Ana Souza">
      <meta property="og:site_name" content="Blog da Ana">
      <script type="application/ld+json">{"@type":"Person","name":"Ana Souza"}</script>
      </head><body>
      <div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Dra. Ana  Souza</span>
        <span itemprop="worksFor">Nubank</span><span itemprop="jobTitle">Head de Vendas</span></div>
      <div class="h-card"><span class="p-name">ANA SOUZA</span></div>
      <div class="h-card"><span class="p-name">Bruno Lima</span><span class="p-org">Stone</span></div>
      </body></html>`;
    expect(extractCandidates(doc(html), 'https://exemplo.com.br/')).toEqual([
      {
        primeiro_nome: 'Ana',
        ultimo_nome: 'Souza',
        empresa: 'Nubank',
        cargo: 'Head de Vendas',
        // microdata's 0.8, backed by the JSON-LD, the h-card and the page reader (a quarter of the doubt left, each)
        confidence: 0.95,
        source: 'microdata',
      },
      { primeiro_nome: 'Bruno', ultimo_nome: 'Lima', empresa: 'Stone', confidence: 0.75, source: 'hcard' },
    ]);
  });

  it('a company-less surer reading takes the company of a less sure one', () => {
    const html = `<script type="application/ld+json">{"@type":"Person","name":"Ana Souza"}</script>
      <div class="h-card"><span class="p-name">Ana Souza</span><span class="p-org">Nubank</span></div>`;
    expect(extractCandidates(doc(html), 'https://exemplo.com.br/')).toMatchObject([
      // the h-card's 0.75, backed by the JSON-LD
      { primeiro_nome: 'Ana', empresa: 'Nubank', confidence: 0.8125 },
    ]);
  });

  it('the company and title of the surest reading that has them, whatever order the extractors ran in', () => {
    // found by tests/unit/properties/extract.property.test.ts: a surer company-less reading read in between
    // used to keep the first company seen
    const reading = (empresa: string, cargo: string, confidence: number, source: string) => ({
      id: source,
      extract: () => [{ primeiro_nome: 'Íris', ultimo_nome: 'Souza', empresa, cargo, confidence, source }],
    });
    const readings = [
      reading('Stone', 'Head de Vendas', 0.3, 'a'),
      reading('', '', 0.95, 'b'),
      reading('Itaú', 'CEO', 0.6, 'c'),
    ];
    const page = doc('<html><body></body></html>');
    for (const order of [readings, [...readings].reverse(), [readings[1]!, readings[0]!, readings[2]!]])
      expect(collect(order, page, 'https://exemplo.com.br/')).toEqual([
        {
          primeiro_nome: 'Íris',
          ultimo_nome: 'Souza',
          empresa: 'Itaú',
          cargo: 'CEO',
          // b's 0.95, backed by two readers and completed with a company: at most 0.99
          confidence: 0.99,
          source: 'b',
        },
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

  it("in a page, the modules' extractors stand in the registry's order whatever order the modules loaded in", () => {
    // the page module carries the page and the prose readers, the fields and the mail modules one reader each: the
    // registry's order (page, fields, mail, prose) interleaves them
    const modules = [linkedinScript, genericScript, pageReaders, fieldsReaders, mailReaders, pageReaders];
    const want = [linkedinScript, genericScript].flatMap((m) => m.readers.map((x) => x.id));
    want.push(...sharedReaders.map((x) => x.id));
    const g = globalThis as { __perfilIntel?: unknown };
    const page = g.__perfilIntel;
    for (const order of [
      [0, 1, 2, 3, 4, 5],
      [5, 4, 3, 2, 1, 0],
      [1, 3, 2, 0, 5, 4],
      [2, 0, 1, 4, 3, 5],
      [0, 2, 1, 0, 5, 2, 3, 4],
    ]) {
      delete g.__perfilIntel;
      for (const i of order) register(modules[i]!);
      expect(shared().extractors.map((x) => x.id)).toEqual(want);
    }
    g.__perfilIntel = page;
  });
});

describe('content scripts', () => {
  it('carry every extractor once: each site script its own site extractors, the generic one the rest', () => {
    // the readers of what pages have in common are in modules of their own, loaded on every page
    expect([...sites.flatMap((s) => s.readers), ...sharedReaders]).toEqual(extractors);
    const generic = sites.at(-1)!;
    expect(generic.file).toBe('/content-generic.js');
    expect(generic.hosts).toEqual([]);
    expect(generic.readers.every((x) => !x.matches)).toBe(true);
    for (const site of sites.slice(0, -1)) {
      expect(site.hosts.length).toBeGreaterThan(0);
      expect(site.readers.every((x) => x.matches)).toBe(true);
    }
  });

  it('each reader decides who is listed on its pages exactly when its site’s definition claims the people', () => {
    expect(sites.map((s) => [s.id, s.claims])).toEqual([
      ['linkedin', 'people'],
      ['github', 'people'],
      ['crm', 'people'],
      ['webmail', 'people'],
      ['generic', 'evidence'],
    ]);
    for (const site of sites)
      expect(site.readers.every((x) => !!x.decides === (site.claims === 'people'))).toBe(true);
    expect(sharedReaders.some((x) => x.decides)).toBe(false);
    // each site names its own files
    for (const site of sites) {
      expect(site.file).toBe(`/content-${site.id}.js`);
      expect(site.module).toBe(`/extract-${site.id}.js`);
    }
  });

  it('are declared on the sites with an extractor of their own, over https only', () => {
    expect(SITE_MATCHES).toContain('https://www.linkedin.com/*');
    expect(SITE_MATCHES).toContain('https://*.lightning.force.com/*');
    expect(SITE_MATCHES).toHaveLength(new Set(SITE_MATCHES).size);
    expect(SITE_MATCHES.every((m) => /^https:\/\/[^/]+\/\*$/.test(m))).toBe(true);
  });

  it('on demand, the script injected is the one whose extractor reads the page, else the generic one; the word lists and the core helpers first, the shared readers and the generic readers always', () => {
    const beside = (site: string) =>
      [...SHARED_MODULES, site, '/extract-generic.js'].filter((f, i, a) => a.indexOf(f) === i);
    // a LinkedIn host without a static script, after the user granted it
    expect(filesFor('https://br.linkedin.com/in/ana-souza-4b2a91')).toEqual([
      '/content-linkedin.js',
      ...beside('/extract-linkedin.js'),
    ]);
    expect(filesFor('https://github.com/rafaelcosta')).toEqual([
      '/content-github.js',
      ...beside('/extract-github.js'),
    ]);
    expect(filesFor('https://app.hubspot.com/contacts/1/record/0-1/2')).toEqual([
      '/content-crm.js',
      ...beside('/extract-crm.js'),
    ]);
    // web mail's pages load the meeting reader beside their own module
    expect(filesFor('https://outlook.live.com/mail/0/')).toEqual([
      '/content-webmail.js',
      ...SHARED_MODULES,
      '/extract-webmail.js',
      '/extract-meeting.js',
      '/extract-generic.js',
    ]);
    // a page of such a site that no site extractor reads
    expect(filesFor('https://br.linkedin.com/pulse/vendas-b2b')).toEqual([
      '/content-generic.js',
      ...beside('/extract-generic.js'),
    ]);
    expect(filesFor('https://acme.com.br/equipe')).toEqual([
      '/content-generic.js',
      ...beside('/extract-generic.js'),
    ]);
    expect(filesFor('')).toEqual(['/content-generic.js', ...beside('/extract-generic.js')]);
    // the word lists and the core helpers run before the modules that take from them
    expect(filesFor('https://acme.com.br/equipe').slice(1, 1 + FIRST_MODULES.length)).toEqual(FIRST_MODULES);
  });
});
