/** The focused element, looking into open shadow roots. */
export function deepActive(): Element | null {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/**
 * Whether the page's focus is in a box the user writes in (a text area or an editable region, as webmail's compose
 * boxes are). The box the user last focused keeps the page's focus after focus moves to the side panel.
 */
export function writing(): boolean {
  const a = deepActive() as HTMLElement | null;
  return !!a && (a.isContentEditable || (a instanceof HTMLTextAreaElement && !a.readOnly && !a.disabled));
}
