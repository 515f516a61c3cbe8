import { parseHTML } from 'linkedom';
import { describe, expect, it, vi } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { all, meta, once, reading } from '@/lib/extract/dom';
import { extractors } from '@/lib/extract/sites';
import { shared } from '@/lib/extract/shared';
import '../../fixtures/extract';
import { readPage } from '../../fixtures/pages/cases';

const doc = (html: string) => parseHTML(html).document as unknown as Document;

describe('one reading of a page', () => {
  it('queries the page once per selector and works each thing out once, whoever asks', () => {
    const d = doc(
      '<html><head><meta property="og:title" content="Ana"></head><body><p>a</p><p>b</p></body></html>',
    );
    const qsa = vi.spyOn(d, 'querySelectorAll');
    const qs = vi.spyOn(d.head, 'querySelector');
    const whole = vi.spyOn(d, 'querySelector');
    const work = vi.fn(() => 42);
    reading(() => {
      expect(all(d, 'p', 1)).toHaveLength(1);
      expect(all(d, 'p')).toHaveLength(2);
      expect(meta(d, 'og:title')).toBe('Ana');
      expect(meta(d, 'og:title')).toBe('Ana');
      expect(once(d, 'k', work) + once(d, 'k', work)).toBe(84);
    });
    expect(qsa).toHaveBeenCalledTimes(1);
    expect(qs).toHaveBeenCalledTimes(1);
    // the head had it: the body is not walked for it
    expect(whole).not.toHaveBeenCalled();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('finds a meta tag the page put in its body when the head has none', () => {
    const d = doc(
      '<html><head><title>t</title></head><body><meta name="author" content=" Ana  Souza "><p>a</p></body></html>',
    );
    expect(meta(d, 'author')).toBe('Ana Souza');
    expect(meta(d, 'description')).toBe('');
  });

  it('forgets when the reading ends: the next one sees the page as it is now', () => {
    const d = doc('<html><body><p>a</p></body></html>');
    expect(reading(() => all(d, 'p').length)).toBe(1);
    expect(shared().memo).toBeUndefined();
    d.body.append(d.createElement('p'));
    expect(reading(() => all(d, 'p').length)).toBe(2);
    // outside a reading nothing is kept
    const work = vi.fn(() => 1);
    once(d, 'k', work);
    once(d, 'k', work);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('forgets even when a reader throws', () => {
    expect(() =>
      reading(() => {
        throw new Error('hostile page');
      }),
    ).toThrow();
    expect(shared().memo).toBeUndefined();
  });

  it('collect queries the document once per selector, across every reader', () => {
    const d = doc(readPage('linkedin-profile.html'));
    const url = 'https://www.linkedin.com/in/ana-souza-4b2a91/';
    const qsa = vi.spyOn(d, 'querySelectorAll');
    const found = collect(extractors, d, url);
    const asked = qsa.mock.calls.map(([s]) => s);
    // the embedded JSON-LD blocks: asked by the JSON-LD reader and by the page reader's company, queried once
    expect(asked.filter((s) => s === 'script[type="application/ld+json"]')).toHaveLength(1);
    expect(new Set(asked).size).toBe(asked.length);
    expect(found[0]).toMatchObject({ primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' });
  });
});
