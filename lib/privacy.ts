/*
 * PRIVACY.md, shown in the options page as it is in the repository (one text, never two that drift apart).
 * Only what that file uses is read: headings, paragraphs, bullet lists with wrapped lines, **bold** and `code`.
 */

export type Inline = { kind: 'text' | 'strong' | 'code'; text: string };
export type PolicyBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; parts: Inline[] }
  | { kind: 'list'; items: Inline[][] };

export function inline(text: string): Inline[] {
  const parts: Inline[] = [];
  const re = /\*\*(.+?)\*\*|`([^`]+)`/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) parts.push({ kind: 'text', text: text.slice(at, m.index) });
    parts.push(m[1] !== undefined ? { kind: 'strong', text: m[1] } : { kind: 'code', text: m[2]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

export function policyBlocks(markdown: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  let paragraph: string[] = [];
  let items: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', parts: inline(paragraph.join(' ')) });
    if (items) blocks.push({ kind: 'list', items: items.map(inline) });
    paragraph = [];
    items = null;
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    const bullet = line.match(/^[-*]\s+(.*)$/);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]!.trim() });
    } else if (bullet) {
      if (paragraph.length) flush();
      (items ??= []).push(bullet[1]!.trim());
    } else if (items && /^\s+/.test(line)) items[items.length - 1] += ` ${line.trim()}`;
    else {
      if (items) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}
