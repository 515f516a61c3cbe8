import { describe, expect, it } from 'vitest';
import { GIVEN_NAMES } from '@/lib/extract/rules/given-names.data';
import { installNames, installWords } from '@/lib/extract/rules/lexicon';
import { isGivenName } from '@/lib/extract/evidence/judge';
import { NAMES_MODULE, WORDS_MODULE } from '@/lib/extract/site';
import { shared } from '@/lib/extract/shared';

describe('the given names list', () => {
  it('holds the shipped names once each, folded and sorted, a space between', () => {
    const names = GIVEN_NAMES.split(' ');
    expect(names.length).toBeGreaterThan(1400);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(names);
    for (const n of names) expect(n).toMatch(/^[a-z']{2,}$/);
    for (const n of ['maria', 'joao', 'ana', 'francisco', 'aaliyah', 'zilda']) expect(names).toContain(n);
    // given names somewhere, ordinary words on the pages read
    for (const w of ['de', 'da', 'sales', 'page', 'team']) expect(names).not.toContain(w);
  });

  it('are known to the readers only once the names module has run, apart from the word lists', () => {
    const s = shared();
    delete s.givenNames;
    s.modules = s.modules.filter((m) => m !== NAMES_MODULE);
    installWords();
    expect(isGivenName('João')).toBe(false);
    expect(s.modules).toContain(WORDS_MODULE);
    expect(s.modules).not.toContain(NAMES_MODULE);
    installNames();
    expect(isGivenName('João')).toBe(true);
    expect(isGivenName('ANA')).toBe(true);
    expect(isGivenName('Diretor')).toBe(false);
    installNames();
    expect(s.modules.filter((m) => m === NAMES_MODULE)).toHaveLength(1);
  });
});
