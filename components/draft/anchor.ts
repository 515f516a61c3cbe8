/*
 * Where the draft is on the panel's page, for the line over an analysis that followed the seller ("Ir para o
 * rascunho") and for the composer itself when the seller arrives where they write. No React: that line's chunk
 * carries this without the composer, which loads later.
 */

/** The composer's section. */
export const DRAFT_ID = 'draft';
/** Marks the draft's text box inside it. */
export const DRAFT_TEXT_ATTR = 'data-draft-text';

/**
 * Brings the draft into view: its text when there is one (centred, so "Inserir na mensagem" below it shows too),
 * else the composer from its top. `focus` takes the keyboard there as well. False when the composer is not on the
 * page (yet).
 */
export function showDraft({ focus }: { focus: boolean }, doc: Document = document): boolean {
  const section = doc.getElementById(DRAFT_ID);
  if (!section) return false;
  const text = section.querySelector<HTMLElement>(`[${DRAFT_TEXT_ATTR}]`);
  const target = text ?? section;
  target.scrollIntoView({ block: text ? 'center' : 'start' });
  if (focus) target.focus({ preventScroll: true });
  return true;
}
