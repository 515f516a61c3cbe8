import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepsPerson, onWebmail, showsPerson, writesHere } from '@/lib/panel/carry';
import type { Candidate } from '@/lib/extract/types';
import { hostileText } from '../properties/arbitraries';

const ana = { primeiro_nome: 'Ana', ultimo_nome: 'Souza' };
const candidate = (primeiro_nome: string, ultimo_nome: string): Candidate => ({
  primeiro_nome,
  ultimo_nome,
  empresa: 'Nubank',
  confidence: 0.9,
  source: 'test',
});

describe('where the seller writes', () => {
  it('webmail and LinkedIn messaging, over https', () => {
    for (const url of [
      'https://mail.google.com/mail/u/0/#inbox?compose=new',
      'https://outlook.office.com/mail/deeplink/compose',
      'https://outlook.live.com/mail/0/',
      'https://outlook.cloud.microsoft/mail/',
      'https://www.linkedin.com/messaging/thread/2-abc/',
      'https://www.linkedin.com/messaging',
    ])
      expect(writesHere(url), url).toBe(true);
    for (const url of [
      'https://www.linkedin.com/in/ana-souza/',
      'https://www.linkedin.com/messagingfoo',
      'http://mail.google.com/',
      'https://mail.google.com.evil.example/',
      'https://evil.example/?https://mail.google.com/',
      '',
      'not a url',
    ])
      expect(writesHere(url), url).toBe(false);
  });

  it('any text as an address: never throws; a host outside the webmail list is never a writing place', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.webUrl()), (url) => {
        const result = writesHere(url);
        if (result) expect(new URL(url).protocol).toBe('https:');
      }),
      { numRuns: 300 },
    );
  });
});

describe('whether the analysis stays on the next page', () => {
  it('stays where nobody, the same person (any case or accents) or nothing readable is', () => {
    expect(keepsPerson(ana, null)).toBe(true);
    expect(keepsPerson(ana, { url: 'https://acme.com.br/', candidates: [] })).toBe(true);
    expect(keepsPerson(ana, { url: 'https://acme.com.br/', candidates: [candidate('ANA', 'SOUZA')] })).toBe(
      true,
    );
    expect(
      keepsPerson(
        { primeiro_nome: 'Fábio', ultimo_nome: 'Lima' },
        { url: 'https://x.com/', candidates: [candidate('Fabio', 'Lima')] },
      ),
    ).toBe(true);
  });

  it('gives way to someone else; in webmail to the open message’s sender unless a compose box has the focus', () => {
    const bruno = [candidate('Bruno', 'Lima')];
    const gmail = 'https://mail.google.com/mail/u/0/#inbox/FMfcgz';
    expect(keepsPerson(ana, { url: 'https://www.linkedin.com/in/bruno/', candidates: bruno })).toBe(false);
    expect(keepsPerson(ana, { url: gmail, candidates: bruno })).toBe(false);
    expect(keepsPerson(ana, { url: gmail, candidates: bruno, composing: false })).toBe(false);
    expect(keepsPerson(ana, { url: gmail, candidates: bruno, composing: true })).toBe(true);
    expect(keepsPerson(ana, { url: 'https://outlook.office.com/mail/inbox/id/1', candidates: bruno })).toBe(
      false,
    );
    // Nobody else in the mailbox (no message open, or the seller's own): the analysis stays.
    expect(keepsPerson(ana, { url: gmail, candidates: [] })).toBe(true);
    // LinkedIn's messaging stays a writing place.
    expect(keepsPerson(ana, { url: 'https://www.linkedin.com/messaging/thread/1/', candidates: bruno })).toBe(
      true,
    );
  });

  it('on any page: stays exactly when the page shows nobody or the person, or the seller writes there', () => {
    const name = fc.constantFrom('Ana', 'Bruno', 'ANA', 'Souza', 'Lima', '');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, name), { maxLength: 5 }),
        fc.constantFrom(
          'https://mail.google.com/',
          'https://outlook.live.com/mail/0/',
          'https://acme.com.br/',
          'https://www.linkedin.com/in/x/',
          'https://www.linkedin.com/messaging/',
        ),
        fc.option(fc.boolean(), { nil: undefined }),
        (people, url, composing) => {
          const candidates = people.map(([f, l]) => candidate(f, l));
          const writing = onWebmail(url) ? composing === true : writesHere(url);
          expect(keepsPerson(ana, { url, candidates, composing })).toBe(
            !candidates.length || writing || showsPerson(ana, candidates),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
