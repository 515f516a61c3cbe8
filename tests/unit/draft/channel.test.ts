import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDraftPrompt } from '@/lib/draft/prompt';
import { forChannel, NOTE_LIMIT_FREE, plainText, shorten, splitSubject } from '@/lib/draft/channel';
import { emptyAnalysis } from '@/lib/analysis/normalize';
import { CHANNELS } from '@/lib/model';

describe('channel-aware drafts', () => {
  const system = (channel: (typeof CHANNELS)[number]) =>
    buildDraftPrompt({
      analysis: emptyAnalysis(),
      input: { name: 'Ana', company: 'Nubank' },
      notes: '',
      channel,
      tone: 'direto',
      length: 'curta',
      language: 'pt',
    })[0]!.content;

  it('asks e-mail for a subject line, the note for its limit, WhatsApp for plain text', () => {
    expect(system('email')).toContain('"Assunto: …"');
    expect(system('linkedin-note')).toContain(`${NOTE_LIMIT_FREE} caracteres`);
    expect(system('whatsapp')).toMatch(/sem markdown/);
    expect(system('linkedin')).not.toContain('Assunto');
  });

  it('WhatsApp and the note lose markdown; e-mail and LinkedIn messages are left as written', () => {
    const md =
      '## Oi Ana\n**Proposta**: veja [o caso](https://x.com) e `isto`.\n* item um\n_ênfase_ e *itálico*';
    expect(forChannel('whatsapp', md)).toBe(
      'Oi Ana\nProposta: veja o caso e isto.\n- item um\nênfase e itálico',
    );
    expect(forChannel('linkedin-note', md)).toBe(forChannel('whatsapp', md));
    expect(forChannel('email', md)).toBe(md);
  });

  it('plainText leaves no bold markers or headings, keeps text without markdown as it is', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[\p{L} ,.!?0-9]{1,20}$/u), { maxLength: 6 }), (parts) => {
        const plain = parts.join('\n');
        expect(plainText(plain)).toBe(plain.replace(/[ \t]+$/gm, ''));
        const bold = parts.map((p) => (p.trim() ? `**${p.trim()}**` : p)).join('\n');
        expect(plainText(bold)).not.toMatch(/\*\*/);
      }),
    );
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (s) => void plainText(s)));
  });

  it('splitSubject takes the first "Assunto:"/"Subject:" line off the body', () => {
    expect(splitSubject('Assunto: Uma ideia\n\nOlá, Ana!\nAbraço')).toEqual({
      subject: 'Uma ideia',
      body: 'Olá, Ana!\nAbraço',
    });
    expect(splitSubject('**Subject:** Quick idea\nHi')).toEqual({ subject: 'Quick idea', body: 'Hi' });
    expect(splitSubject('Olá, Ana!')).toEqual({ subject: '', body: 'Olá, Ana!' });
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const { subject, body } = splitSubject(s);
        expect(subject.length).toBeLessThanOrEqual(200);
        expect(s).toContain(body);
      }),
    );
  });

  it('shorten fits the limit, keeps the start of the text, and leaves a short text alone', () => {
    expect(shorten('Oi Ana. Tudo bem? Vamos conversar sobre pagamentos amanhã.', 20)).toBe(
      'Oi Ana. Tudo bem?',
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.integer({ min: 1, max: 400 }), (text, limit) => {
        const out = shorten(text, limit);
        expect([...out].length).toBeLessThanOrEqual(Math.max(limit, 0));
        if ([...text.trim()].length <= limit) expect(out).toBe(text.trim());
        else expect(text.trim().startsWith(out.replace(/…$/, ''))).toBe(true);
      }),
    );
  });
});
