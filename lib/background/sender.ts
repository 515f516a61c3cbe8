/** The fields of runtime.MessageSender the checks read. */
export interface Sender {
  id?: string;
  url?: string;
  tab?: { id?: number };
}

/**
 * Who sent a message (docs/architecture.md, "Trust rules"):
 * - `page`: one of our extension pages (side panel, popup, options);
 * - `content`: our content script, inside a web page (a tab);
 * - `foreign`: anything else, including other extensions.
 */
export type SenderKind = { kind: 'page' } | { kind: 'content'; tabId: number } | { kind: 'foreign' };

export function senderKind(sender: Sender, ours: { id: string; origin: string }): SenderKind {
  if (sender.id !== ours.id) return { kind: 'foreign' };
  if (sender.url !== undefined && sender.url.startsWith(ours.origin)) return { kind: 'page' };
  const tabId = sender.tab?.id;
  return tabId === undefined ? { kind: 'foreign' } : { kind: 'content', tabId };
}
