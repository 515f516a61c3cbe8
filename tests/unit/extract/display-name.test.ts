import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { hcard } from '@/lib/extract/evidence/hcard';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import type { Extractor } from '@/lib/extract/types';

/* A display name beats a login: "@mercadolibre" is shown as "Mercado Libre" wherever the page or a reader says so. */

installLexicon();
const doc = (html: string) => parseHTML(html).document as unknown as Document;
const URL_ = 'https://example.com/gabi';

describe('an h-card’s organisation given as a handle', () => {
  const card =
    '<div class="h-card"><span class="p-name">Gabriela Ferraz</span><span class="p-org">@mercadolibre</span></div>';

  it('is the name a link to the handle’s page displays', () => {
    const [c] = hcard.extract(
      doc(`${card}<a href="/mercadolibre" aria-label="Mercado Libre"></a>`),
      new URL(URL_),
    );
    expect(c?.empresa).toBe('Mercado Libre');
  });

  it('stays as written where no link displays the same letters', () => {
    const [c] = hcard.extract(doc(`${card}<a href="/mercadolibre" aria-label="Follow"></a>`), new URL(URL_));
    expect(c?.empresa).toBe('mercadolibre');
  });
});

describe('one person read with a login and a display name for the company', () => {
  const reader = (id: string, confidence: number, empresa: string): Extractor => ({
    id,
    extract: () => [{ primeiro_nome: 'Gabriela', ultimo_nome: 'Ferraz', empresa, confidence, source: id }],
  });

  it('keeps the display name, whichever reading is surer', () => {
    const [c] = collect([reader('a', 0.9, 'mercadolibre'), reader('b', 0.5, 'Mercado Libre')], doc(''), URL_);
    expect(c?.empresa).toBe('Mercado Libre');
  });

  it('keeps a written company that is no login', () => {
    const [c] = collect([reader('a', 0.9, 'Nubank'), reader('b', 0.5, 'nubank')], doc(''), URL_);
    expect(c?.empresa).toBe('Nubank');
  });
});
