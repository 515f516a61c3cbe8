/*
 * Where the page's focus is, for the content script's answer (is the seller writing?) and for the insertion module.
 * Elements may come from a same-origin frame's document (another realm), so they are told apart by tag and
 * property, never by `instanceof`.
 */

export type Box = HTMLElement | HTMLTextAreaElement;

export const isText = (e: Element): e is HTMLTextAreaElement => e.tagName === 'TEXTAREA';
export const editable = (e: Element | null | undefined): e is Box =>
  !!e && ((isText(e) && !e.disabled && !e.readOnly) || !!(e as HTMLElement).isContentEditable);

/** A same-origin frame's document; null for another origin's. */
export function frameDoc(e: Element): Document | null {
  if (e.tagName !== 'IFRAME' && e.tagName !== 'FRAME') return null;
  try {
    return (e as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

/** The focused element, looking into open shadow roots and same-origin frames. */
export function deepActive(): Element | null {
  let a: Element | null = document.activeElement;
  for (;;) {
    const inner = a?.shadowRoot?.activeElement ?? (a && frameDoc(a)?.activeElement);
    if (!inner || inner === a) return a;
    a = inner;
  }
}

/**
 * Whether the page's focus is in a box the user writes in (a text area or an editable region, as webmail's compose
 * boxes are). The box the user last focused keeps the page's focus after focus moves to the side panel.
 */
export const writing = (): boolean => editable(deepActive());
