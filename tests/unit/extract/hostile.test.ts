import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it } from 'vitest';
import { extractors } from '@/lib/extract/sites';
import { MAX_CANDIDATES } from '@/lib/extract/types';
import { messageLines } from '@/lib/extract/evidence/mail';
import { extractCandidates } from '../../fixtures/extract';
import type { Candidate, Extractor } from '@/lib/extract/types';

const doc = (html: string) => parseHTML(html).document as unknown as Document;
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- what extraction must have removed
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/;

/** What every extraction must satisfy, whatever the page. */
function expectBounded(found: Candidate[]) {
  expect(found.length).toBeLessThanOrEqual(MAX_CANDIDATES);
  for (const c of found) {
    expect(c.primeiro_nome).not.toBe('');
    for (const value of [c.primeiro_nome, c.ultimo_nome, c.empresa, c.cargo ?? '', c.source]) {
      expect(value.length).toBeLessThanOrEqual(200);
      expect(value).toBe(value.trim());
      expect(value).not.toMatch(INVISIBLE);
      expect(value).not.toMatch(/[<>]/);
    }
    expect(c.confidence).toBeGreaterThan(0);
    expect(c.confidence).toBeLessThanOrEqual(1);
  }
}

const card = (name: string, role: string) =>
  `<div class="team-member"><h3 class="team-member__name">${name}</h3><p class="team-member__role">${role}</p></div>`;
const team = (cards: string[], head = '') =>
  `<html><head><meta property="og:site_name" content="Acme Brasil">${head}</head><body><section class="team">${cards.join('')}</section></body></html>`;
const person = (i: number) => {
  const first = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Hugo', 'Íris', 'João'];
  const last = [
    'Souza',
    'Lima',
    'Prado',
    'Araújo',
    'Nogueira',
    'Ramos',
    'Teixeira',
    'Moura',
    'Campos',
    'Freitas',
  ];
  return `${first[i % 10]} ${last[Math.floor(i / 10) % 10]} ${['Costa', 'Silva', 'Rocha', 'Pinto', 'Reis'][Math.floor(i / 100)]}`;
};

describe('hostile pages', () => {
  it('500 people on one page: the first 50, bounded', () => {
    const found = extractCandidates(
      doc(team(Array.from({ length: 500 }, (_, i) => card(person(i), 'Analista')))),
      'https://acme.com.br/equipe',
    );
    expect(found).toHaveLength(50);
    expect(found[0]).toMatchObject({
      primeiro_nome: 'Ana',
      ultimo_nome: 'Souza Costa',
      empresa: 'Acme Brasil',
    });
    expectBounded(found);
  });

  it('500 people in JSON-LD: bounded too', () => {
    const employee = Array.from({ length: 500 }, (_, i) => ({
      '@type': 'Person',
      name: person(i),
      jobTitle: 'Analista',
    }));
    const ld = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Acme',
      employee,
    });
    const found = extractCandidates(
      doc(`<script type="application/ld+json">${ld}</script>`),
      'https://acme.com.br/',
    );
    expect(found).toHaveLength(50);
    expectBounded(found);
  });

  it('a 1 MB page: extraction stays bounded, and oversized JSON is not parsed at all', () => {
    const filler = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(15_000)}</p>`;
    const big = JSON.stringify({
      '@type': 'Person',
      name: 'Oculta Pessoa',
      worksFor: 'Acme',
      padding: 'x'.repeat(300_000),
    });
    const html = team(
      [card('Ana Souza', 'Diretora'), card('Bruno Lima', 'Gerente')],
      `<script type="application/ld+json">${big}</script>`,
    ).replace('</section>', `</section>${filler}`);
    expect(html.length).toBeGreaterThan(1_000_000);
    const found = extractCandidates(doc(html), 'https://acme.com.br/equipe');
    expect(found.map((c) => c.primeiro_nome)).toEqual(['Ana', 'Bruno']);
    expectBounded(found);
  });

  it('names and companies of 10,000 characters: long names dropped, the rest cut to 200', () => {
    const long = 'A'.repeat(10_000);
    const ld = JSON.stringify([
      { '@type': 'Person', name: `Ana ${long}`, worksFor: 'Acme' },
      {
        '@type': 'Person',
        name: 'Bruno Lima',
        worksFor: `Acme ${'b'.repeat(10_000)}`,
        jobTitle: ` ${'c'.repeat(10_000)} `,
      },
    ]);
    const found = extractCandidates(
      doc(
        `<title>${long}</title><script type="application/ld+json">${ld}</script><meta name="author" content="${long}">`,
      ),
      'https://acme.com.br/',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ primeiro_nome: 'Bruno', ultimo_nome: 'Lima' });
    expect(found[0]!.empresa).toHaveLength(200);
    expect(found[0]!.cargo).toHaveLength(200);
    expectBounded(found);
  });

  it('a 10,000-character name on LinkedIn: nothing invented', () => {
    const html = `<title>${'A'.repeat(10_000)} | LinkedIn</title><main><section><h1>${'B '.repeat(5_000)}</h1></section></main>`;
    const found = extractCandidates(doc(html), 'https://www.linkedin.com/in/ana-souza/');
    expect(found).toEqual([]);
  });

  it('HTML and script inside names: never a name, never markup in a field', () => {
    const ld = JSON.stringify([
      { '@type': 'Person', name: '<img src=x onerror="globalThis.__pwned=1">', worksFor: 'Acme' },
      { '@type': 'Person', name: 'Ana Souza', worksFor: '<script>globalThis.__pwned=1</script>Acme' },
    ]);
    // escaped as pages escape it, so the block parses
    const html = `<html><head><script type="application/ld+json">${ld.replaceAll('</', '<\\/')}</script></head><body>
      <script>globalThis.__pwned = 1</script><img src="x" onerror="globalThis.__pwned = 1">
      <section>${card('Bruno<script>globalThis.__pwned=1</script> Lima', 'Gerente<img src=x onerror="globalThis.__pwned=1">')}${card(
        'Carla Prado',
        'Diretora',
      )}${card('<b>Diego</b> Ramos', 'Analista')}</section></body></html>`;
    const found = extractCandidates(doc(html), 'https://acme.com.br/equipe');
    expectBounded(found);
    expect(found.map((c) => `${c.primeiro_nome} ${c.ultimo_nome}`)).toEqual([
      'Ana Souza',
      'Carla Prado',
      'Diego Ramos',
    ]);
    expect(JSON.stringify(found)).not.toMatch(/pwned|onerror|script/);
    expect((globalThis as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('zero-width and right-to-left characters are removed', () => {
    const html = team([
      card('A\u200bna\u200d Sou\u202eza\u200f', 'Dire\u2066tora\u2069'),
      card('\ufeffBruno \u061cLima', '\u202bGerente\u202c'),
    ]);
    const found = extractCandidates(doc(html), 'https://acme.com.br/equipe');
    expect(found).toMatchObject([
      { primeiro_nome: 'Ana', ultimo_nome: 'Souza', cargo: 'Diretora' },
      { primeiro_nome: 'Bruno', ultimo_nome: 'Lima', cargo: 'Gerente' },
    ]);
    expectBounded(found);
  });

  it('deeply nested markup and JSON do not break extraction', () => {
    const deep = '<div>'.repeat(5000) + 'Ana Souza' + '</div>'.repeat(5000);
    const json = '['.repeat(10_000) + ']'.repeat(10_000);
    const html = `<script type="application/ld+json">${json}</script>${deep}${team([card('Ana Souza', 'CEO'), card('Bruno Lima', 'CTO')])}`;
    const found = extractCandidates(doc(html), 'https://acme.com.br/');
    expect(found.map((c) => c.primeiro_nome)).toEqual(['Ana', 'Bruno']);
  });
});

describe('deep pages are read without overflowing the stack', () => {
  const D = 60_000;
  const nested = (inner: string) => '['.repeat(D) + inner + ']'.repeat(D);
  const ana =
    '{"@context":"https://schema.org","@type":"Person","name":"Ana Souza","worksFor":{"@type":"Organization","name":"Nubank"}}';

  it.each([
    ['a name', `{"@type":"Person","name":${nested('"Bruno Lima"')}}`],
    ['a type', `{"@type":${nested('"Person"')},"name":"Bruno Lima"}`],
    ['an employer', `{"@type":"Person","name":"Bruno Lima","worksFor":${nested('"Acme"')}}`],
    ['an id', `{"@type":"Person","name":"Bruno Lima","@id":${nested('"#x"')}}`],
  ])("JSON-LD with %s nested 60,000 lists deep loses none of the page's other people", (_, json) => {
    const html = `<html><head><script type="application/ld+json">${json}</script><script type="application/ld+json">${ana}</script></head><body><p>Olá</p></body></html>`;
    const found = extractCandidates(doc(html), 'https://eventos.example.com.br/palestrantes');
    expect(found[0]).toMatchObject({ primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' });
    // a name 60,000 lists down is nobody's
    expect(found.map((c) => c.primeiro_nome)).not.toContain('Acme');
    expectBounded(found);
  });

  it("a message's lines 5,000 and 20,000 elements deep are read, the quote left out", () => {
    for (const depth of [5000, 20_000]) {
      const body = doc(
        `<div id="m">${'<div>'.repeat(depth)}Ana Souza<br>Diretora Comercial${'</div>'.repeat(depth)}<blockquote class="gmail_quote">Bruno Lima</blockquote></div>`,
      ).getElementById('m')!;
      expect(messageLines(body)).toEqual(['Ana Souza', 'Diretora Comercial']);
    }
  });

  it("a Gmail message whose body is 20,000 elements deep still gives the sender's signature", () => {
    const deep = (inner: string) => '<div>'.repeat(20_000) + inner + '</div>'.repeat(20_000);
    const html = `<html><body><div class="gs"><span class="gD" email="ana.souza@nubank.com.br" name="Ana Souza">Ana Souza</span><div class="a3s">${deep('<div>Obrigada,</div><div>Ana Souza</div><div>Diretora Comercial</div><div>Nubank</div>')}</div></div></body></html>`;
    const found = extractCandidates(doc(html), 'https://mail.google.com/mail/u/0/#inbox/FMfcgz');
    expect(found[0]).toMatchObject({ primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' });
  });

  it("a footer 20,000 elements deep does not stop the reading of the page's people", () => {
    const html = team([card('Ana Souza', 'CEO'), card('Bruno Lima', 'CTO')])
      .replace('<meta property="og:site_name" content="Acme Brasil">', '')
      .replace(
        '</body>',
        `<footer>${'<div>'.repeat(20_000)}© 2025 Metalúrgica Brüning Ltda.${'</div>'.repeat(20_000)}</footer></body>`,
      );
    const found = extractCandidates(doc(html), 'https://metalurgica.example.com.br/equipe');
    expect(found.map((c) => c.primeiro_nome)).toEqual(['Ana', 'Bruno']);
    expectBounded(found);
  });
});

describe('never throws', () => {
  const added: Extractor[] = [];
  afterEach(() => {
    for (const x of added.splice(0)) extractors.splice(extractors.indexOf(x), 1);
  });

  it('returns nothing for an address that is not a URL', () => {
    expect(extractCandidates(doc('<h1>Ana Souza</h1>'), 'not a url')).toEqual([]);
  });

  it('an extractor that throws, or returns junk, hides nothing from the others', () => {
    const broken: Extractor[] = [
      {
        id: 'throws',
        extract: () => {
          throw new Error('boom');
        },
      },
      { id: 'junk', extract: () => 'nope' as unknown as Candidate[] },
      {
        id: 'raw',
        extract: () => [
          {
            primeiro_nome: ' \u200bZé ',
            ultimo_nome: 'x'.repeat(999),
            empresa: 'Acme',
            confidence: 0.2,
            source: 'raw',
          },
        ],
      },
    ];
    added.push(...broken);
    extractors.push(...broken);
    const found = extractCandidates(
      doc(team([card('Ana Souza', 'CEO'), card('Bruno Lima', 'CTO')])),
      'https://acme.com.br/',
    );
    expect(found.map((c) => c.primeiro_nome)).toEqual(['Ana', 'Bruno', 'Zé']);
    expectBounded(found);
  });

  it('handles an empty document', () => {
    expect(extractCandidates(doc(''), 'https://www.linkedin.com/in/ana/')).toEqual([]);
    expect(extractCandidates(doc(''), 'https://acme.com.br/')).toEqual([]);
  });
});

describe('never executes page content', () => {
  it('reads without changing the document', async () => {
    const { document, MutationObserver } = parseHTML(
      readFileSync(new URL('../../fixtures/pages/linkedin-profile.html', import.meta.url), 'utf8'),
    );
    const changes: unknown[] = [];
    const observer = new MutationObserver((records: unknown[]) => changes.push(...records));
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const before = document.toString();
    expect(
      extractCandidates(document as unknown as Document, 'https://www.linkedin.com/in/ana-souza-4b2a91/'),
    ).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(changes).toEqual([]);
    expect(document.toString()).toBe(before);
  });

  it('uses no API that writes markup or runs code', () => {
    const dir = new URL('../../../lib/extract/', import.meta.url);
    const sinks =
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|createElement|createContextualFragment|DOMParser|setAttribute|appendChild|\beval\(|new Function|setTimeout\(|import\(/;
    // the readers live in sub-folders too (sites/, evidence/, rules/)
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(30);
    for (const f of files)
      expect(readFileSync(path.join(f.parentPath, f.name), 'utf8'), f.name).not.toMatch(sinks);
  });
});
