import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it, vi } from 'vitest';

// Hundreds of generated cases each: generous on a busy machine (the assertions do not depend on time).
vi.setConfig({ testTimeout: 120_000 });
import { createSseParser, type SseEvent } from '@/lib/api/sse';
import { applyMapping, parseLines, readTable } from '@/lib/batch/import';
import { MAX_CANDIDATES } from '@/lib/extract/types';
import { extractCandidates } from '../../fixtures/extract';
import { capText, cutAt, stripMarks, tidy } from '@/lib/text';
import { expectNoPollution, hostileText, INVISIBLE, LONE_SURROGATE } from './arbitraries';

/* The SSE parser, the shared cleaner, the importer and the extractors on hostile input. */

/** Cuts `text` at the given positions. */
function chunked(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let prev = 0;
  for (const c of [...at, text.length]) {
    out.push(text.slice(prev, c));
    prev = c;
  }
  return out;
}

const sseLine = fc.oneof(
  hostileText.map((t) => `data: ${t.replace(/[\r\n]/g, '')}`),
  fc.constantFrom('', ': ping', 'event: delta', 'id: 7', 'retry: 10', 'data', 'data:x'),
  fc.integer({ min: 0, max: 400 }).map((n) => `data: ${'y'.repeat(n)}`),
);
const sseText = fc
  .tuple(fc.array(sseLine, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\r'))
  .map(([lines, eol]) => lines.map((l) => l + eol).join(''));

describe('SSE parser on any stream', () => {
  it('gives the same events whatever the chunking, examines each character once, keeps its caps', () => {
    const limits = { line: 200, event: 500 };
    fc.assert(
      fc.property(sseText, fc.array(fc.nat(), { maxLength: 40 }), (text, cuts) => {
        const run = (chunks: string[]) => {
          const p = createSseParser(limits);
          const events: SseEvent[] = [...chunks.flatMap((c) => p.push(c)), ...p.end()];
          return { events, scanned: p.scanned };
        };
        const whole = run([text]);
        const parts = run(chunked(text, cuts));
        expect(parts.events).toEqual(whole.events);
        expect(parts.scanned).toBeLessThanOrEqual(text.length);
        for (const e of whole.events) expect(e.data.length).toBeLessThanOrEqual(limits.event);
      }),
      { numRuns: 300 },
    );
  });

  it('one character at a time costs what the whole text costs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30_000 }), (n) => {
        const text = `data: ${'z'.repeat(n)}\n\n`;
        const p = createSseParser();
        for (const c of text) p.push(c);
        expect(p.scanned).toBe(text.length);
      }),
      { numRuns: 20 },
    );
  });
});

describe('cutting and cleaning', () => {
  it('cutAt and capText never pass the limit and never split a code point', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.integer({ min: 0, max: 320 }),
        (t, max) => {
          const cut = cutAt(t, max);
          expect(cut.length).toBeLessThanOrEqual(max);
          expect(t.startsWith(cut)).toBe(true);
          expect(cut).not.toMatch(LONE_SURROGATE);
          expect(capText(t, Math.max(1, max)).length).toBeLessThanOrEqual(Math.max(1, max));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('cutAt ends where a whole-text grapheme segmentation has a boundary: the longest such start', () => {
    // Latin letters (accented, precomposed or with combining marks), line ends, emoji with joiners and skin tones,
    // flags: the short way for Latin cuts must agree with the segmenter everywhere
    const piece = fc.constantFrom(
      'a',
      'Z',
      ' ',
      'ç',
      'Ã',
      'ÿ',
      'ǅ',
      '\r',
      '\n',
      '\r\n',
      'e\u0301',
      'a\u0300\u0327',
      '\u200d',
      '😀',
      '👍🏽',
      '👩\u200d💻',
      '🇧🇷',
      '🇧',
      '\ufe0f',
      '한',
      '\u1100\u1161',
      'ก\u0e33',
      '\u0600',
      '\ud800',
    );
    const boundaries = (t: string) =>
      new Set([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(t)].map((g) => g.index));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 0, max: 90 }), (pieces, max) => {
        const t = pieces.join('');
        if (t.length <= max) return;
        const at = boundaries(t);
        let want = max;
        while (want > 0 && !at.has(want)) want--;
        expect(cutAt(t, max)).toBe(t.slice(0, want));
      }),
      { numRuns: 1000 },
    );
  });

  it('stripMarks takes off what the full decomposition takes off, ASCII or not', () => {
    const full = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '');
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'grapheme' }), hostileText),
        (s) => stripMarks(s) === full(s),
      ),
      { numRuns: 500 },
    );
    for (const s of ['a^b`c', 'São Paulo', 'Ana^', '`x`', 'ÀÉÎÕÜ ç']) expect(stripMarks(s)).toBe(full(s));
  });

  it('tidy leaves no invisible character, no half character, one line, within its limit, and is stable', () => {
    fc.assert(
      fc.property(hostileText, fc.integer({ min: 1, max: 300 }), (t, max) => {
        const out = tidy(t, max);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).not.toMatch(INVISIBLE);
        expect(out).not.toMatch(LONE_SURROGATE);
        expect(out).not.toMatch(/[\r\n\t]|\s{2}|^\s|\s$/);
        expect(tidy(out, max)).toBe(out);
      }),
      { numRuns: 500 },
    );
  });
});

/** What every person the importer or an extractor gives must satisfy. */
function expectClean(fields: string[], max: number) {
  for (const v of fields) {
    expect(v.length).toBeLessThanOrEqual(max);
    expect(v).not.toMatch(INVISIBLE);
    expect(v).not.toMatch(LONE_SURROGATE);
    expect(v).toBe(v.trim());
  }
}

describe('importer on any file or paste', () => {
  const cell = fc.oneof(hostileText, fc.constantFrom('Ana', 'Souza', 'Nubank', 'Ana Souza – Nubank', ''));
  const row = fc.array(cell, { minLength: 1, maxLength: 5 });

  it('pasted lines: never throws, every field cleaned as the extractors clean it', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), fc.constantFrom('\t', ';'), (rows, sep) => {
        const { people, bad } = parseLines(rows.map((r) => r.join(sep)).join('\n'));
        for (const p of people) {
          expectClean([p.primeiro_nome, p.ultimo_nome, p.empresa], 200);
          expectClean([p.contexto_adicional ?? ''], 1000);
          expect(p.primeiro_nome).not.toBe('');
        }
        for (const b of bad) expectClean([b.text], 500);
        expectNoPollution(people, expect);
      }),
      { numRuns: 300 },
    );
  });

  it('CSV: never throws, every field cleaned', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const csv = [
          'nome,sobrenome,empresa,contexto',
          ...rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')),
        ].join('\n');
        const { people } = applyMapping(readTable(csv), { first: 0, last: 1, company: 2, context: 3 });
        for (const p of people) {
          expectClean([p.primeiro_nome, p.ultimo_nome, p.empresa], 200);
          expectClean([p.contexto_adicional ?? ''], 1000);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('extractors on hostile pages', () => {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const block = fc.oneof(
    fc
      .tuple(hostileText, hostileText)
      .map(
        ([n, r]) =>
          `<div class="team-member"><h3 class="team-member__name">${esc(n)}</h3><p class="team-member__role">${esc(r)}</p></div>`,
      ),
    hostileText.map(
      (t) => `<meta property="og:title" content="${esc(t)}"><meta name="author" content="${esc(t)}">`,
    ),
    fc
      .tuple(hostileText, hostileText)
      .map(
        ([n, c]) =>
          `<script type="application/ld+json">${JSON.stringify({ '@type': 'Person', name: n, worksFor: { name: c }, ['__proto__']: { polluted: 1 } }).replace(/</g, '\\u003c')}</script>`,
      ),
    fc
      .tuple(hostileText, hostileText)
      .map(
        ([n, c]) =>
          `<div class="vcard"><span class="fn">${esc(n)}</span><span class="org">${esc(c)}</span></div>`,
      ),
    fc
      .tuple(hostileText, hostileText)
      .map(
        ([n, c]) =>
          `<h1 class="text-heading-xlarge">${esc(n)}</h1><div class="text-body-medium">${esc(c)}</div>`,
      ),
    hostileText.map((t) => `<p>${esc(t)}</p>`),
  );
  const url = fc.constantFrom(
    'https://www.linkedin.com/in/ana-souza/',
    'https://acme.com.br/equipe',
    'https://mail.google.com/mail/u/0/',
    'https://github.com/ana',
    'https://app.hubspot.com/contacts/1/record/0-1/2',
  );

  it('never throw, stay within their caps, clean every field, never pollute a prototype', () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 12 }), url, (blocks, at) => {
        const doc = parseHTML(`<html><head></head><body>${blocks.join('')}</body></html>`)
          .document as unknown as Document;
        const found = extractCandidates(doc, at);
        expect(found.length).toBeLessThanOrEqual(MAX_CANDIDATES);
        for (const c of found) expectClean([c.primeiro_nome, c.ultimo_nome, c.empresa, c.cargo ?? ''], 200);
        expectNoPollution(found, expect);
      }),
      { numRuns: 150 },
    );
  });
});
