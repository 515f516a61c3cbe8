import { readdirSync, readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { isNote } from '@/lib/compose/insert';

/*
 * Which editor of a CRM record page is the note: the fixtures of tests/fixtures/crm-notes mark the note with
 * data-field="note" and the noise (another item's comment thread, the help chat, the search) with its own name.
 */
const dir = new URL('../../fixtures/crm-notes/', import.meta.url);
const pages = readdirSync(dir).filter((f) => f.endsWith('.html'));
const load = (html: string) => parseHTML(html).document as unknown as Document;

describe.each(pages)('%s', (file) => {
  const doc = load(readFileSync(new URL(file, dir), 'utf8'));
  it('the note is the note; the comment thread of another item, the chat and the search are not', () => {
    const note = doc.querySelector('[data-field=note]');
    expect(note).not.toBeNull();
    expect(isNote(note!)).toBe(true);
    for (const other of doc.querySelectorAll('[data-field=comment],[data-field=chat],[data-field=search]'))
      expect(isNote(other), other.outerHTML.slice(0, 120)).toBe(false);
  });
});

describe('isNote: a comment box', () => {
  const page = (inside: string) =>
    load(`<main><section class="history"><h2>Histórico</h2>${inside}</section></main>`).querySelector(
      'textarea',
    )!;

  it('is the note inside the record’s own composer ("Registrar atividade", "Criar nota", "New activity")', () => {
    for (const label of ['Registrar atividade', 'Criar nota', 'New activity', 'Nova anotação'])
      expect(
        isNote(
          page(`<div aria-label="${label}"><textarea placeholder="Escreva um comentário…"></textarea></div>`),
        ),
        label,
      ).toBe(true);
  });

  it('is another item’s thread inside a saved note or an entry of the history', () => {
    expect(
      isNote(
        page('<div class="timeline-note"><textarea placeholder="Adicionar comentário"></textarea></div>'),
      ),
    ).toBe(false);
    expect(
      isNote(
        page(
          '<div aria-label="Registrar atividade"><ul><li class="activity"><textarea placeholder="Responder"></textarea></li></ul></div>',
        ),
      ),
    ).toBe(false);
    expect(
      isNote(
        page(
          '<article class="activity-item"><textarea placeholder="Escreva um comentário"></textarea></article>',
        ),
      ),
    ).toBe(false);
  });

  it('never is a chat or a search, even inside a composer', () => {
    expect(
      isNote(page('<div aria-label="Registrar atividade"><textarea placeholder="Buscar"></textarea></div>')),
    ).toBe(false);
    expect(
      isNote(
        page('<div aria-label="Nova anotação"><textarea aria-label="Chat com o suporte"></textarea></div>'),
      ),
    ).toBe(false);
  });
});
