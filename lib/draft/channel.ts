import type { Channel } from '@/lib/model';

/* What each channel needs from a draft: a subject line for e-mail, plain text for WhatsApp, a short note. */

/** LinkedIn's invitation note: 300 characters with Premium, 200 without. The draft aims at the lower one. */
export const NOTE_LIMIT_FREE = 200;
export const NOTE_LIMIT_PREMIUM = 300;

/** Markdown a chat app would show as symbols: bold, italics, headings, code, links. Lists become plain lines. */
export function plainText(text: string): string {
  return text
    .replace(/\[([^\]\n]*)\]\((?:[^)\n]*)\)/g, '$1')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*[*+][ \t]+/gm, '- ')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?![\w])/g, '$1$2')
    .replace(/`{1,3}([^`]*)`{1,3}/g, '$1')
    .replace(/[ \t]+$/gm, '');
}

/** An e-mail draft's "Assunto:"/"Subject:" first line, split from the body. */
export function splitSubject(text: string): { subject: string; body: string } {
  const m = /^\s*(?:\*\*)?(?:assunto|subject)(?:\*\*)?\s*:\s*(.*?)\s*(?:\r?\n|$)/i.exec(text);
  if (!m) return { subject: '', body: text.trim() };
  return { subject: m[1]!.replace(/\*+/g, '').trim().slice(0, 200), body: text.slice(m[0].length).trim() };
}

/**
 * `text` cut to at most `limit` characters at the last sentence end, else the last word, that fits: shown to the
 * seller to accept, never applied silently.
 */
export function shorten(text: string, limit: number): string {
  const t = text.trim();
  if ([...t].length <= limit) return t;
  const head = [...t].slice(0, Math.max(0, limit)).join('');
  const sentence = Math.max(
    head.lastIndexOf('. '),
    head.lastIndexOf('! '),
    head.lastIndexOf('? '),
    head.lastIndexOf('\n'),
  );
  if (sentence >= limit / 2) return head.slice(0, sentence + 1).trim();
  const word = head.lastIndexOf(' ');
  const cut = (word > 0 ? head.slice(0, word) : head).replace(/[\s,;:–-]+$/, '');
  // room for the ellipsis
  return [...cut].length + 1 <= limit ? `${cut}…` : cut;
}

/** The draft as the channel wants it. */
export function forChannel(channel: Channel, text: string): string {
  return channel === 'whatsapp' || channel === 'linkedin-note' ? plainText(text) : text;
}
