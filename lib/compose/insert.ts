/*
 * Content-script side of "Inserir na mensagem" and "Revisar meu texto": finds the compose box on request and
 * types into it. Nothing here runs at load: no listener watches the page. The box the user last focused is still
 * `document.activeElement` (through open shadow roots) after focus moves to the side panel, so it is read at the
 * moment of the request; when focus is elsewhere, the site's own compose structures are looked for.
 * Plain DOM only: this ships inside the ≤ 8 kB content scripts.
 */
import type { ComposeRequest, ComposeResult } from '@/lib/messaging';
import { deepActive } from './focus';

type Box = HTMLElement | HTMLTextAreaElement;

// The sites' compose editors, by role/label/editability (Gmail, Outlook on the web, LinkedIn messaging and the
// invitation note).
const KNOWN =
  'textarea[name=message],textarea#custom-message,[contenteditable=true][role=textbox],div.msg-form__contenteditable[contenteditable=true]';
// What the user did not write in the editor: signatures and quoted text.
const TAIL =
  '.gmail_signature,[data-smartmail=gmail_signature],.gmail_quote,blockquote,#Signature,#divRplyFwdMsg,#appendonsend,[id^=signature]';
const SUBJECT = 'input[name=subjectbox],input[aria-label*=ubject],input[aria-label*=ssunto]';

const isText = (e: Element): e is HTMLTextAreaElement => e instanceof HTMLTextAreaElement;
const editable = (e: Element | null): e is Box =>
  !!e && ((isText(e) && !e.disabled && !e.readOnly) || (e as HTMLElement).isContentEditable);

/** Every match of `sel` in the document and its open shadow roots. */
function deepAll(root: Document | ShadowRoot, sel: string, out: Element[] = []): Element[] {
  out.push(...root.querySelectorAll(sel));
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) deepAll(el.shadowRoot, sel, out);
  return out;
}

const visible = (e: Element) => (e as HTMLElement).getClientRects().length > 0;

/** The box to write into, or why there is none. */
export function findBox(): Box | 'none' | 'many' {
  const a = deepActive();
  // The editing host, when the focus is inside it.
  const host = a && ((a as HTMLElement).isContentEditable ? a.closest('[contenteditable=true]') : a);
  if (editable(host)) return host;
  const found = deepAll(document, KNOWN).filter((e) => editable(e) && visible(e)) as Box[];
  // An editor inside another (nested roles) counts once.
  const boxes = found.filter((e) => !found.some((o) => o !== e && o.contains(e)));
  return boxes.length === 1 ? boxes[0]! : boxes.length ? 'many' : 'none';
}

/** The editor's direct child holding the first signature or quoted text. */
function tailOf(box: HTMLElement): Node | null {
  let t: Node | null = box.querySelector(TAIL);
  while (t && t.parentNode !== box) t = t.parentNode;
  return t;
}

/** The user's own text in the box: before the signature and quoted text. */
export function ownText(box: Box): string {
  if (isText(box)) return box.value;
  const tail = tailOf(box);
  const r = document.createRange();
  r.selectNodeContents(box);
  if (tail) r.setEndBefore(tail);
  const c = document.createElement('div');
  c.append(r.cloneContents());
  c.style.cssText = 'position:fixed;left:-9999px;white-space:pre-wrap';
  document.body.append(c);
  const t = c.innerText;
  c.remove();
  return t.trim();
}

function input(box: Box, text: string) {
  box.dispatchEvent(
    new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }),
  );
}

/**
 * Types at the current selection. The editor hears `beforeinput` first (execCommand does not send it): one that
 * handles typing itself (and so cancels it) has the text; otherwise the browser types it, with the `input` events
 * and the undo step of real typing; failing that, the text is placed and `input` is sent by hand.
 */
function type(box: Box, text: string, fallback: () => void) {
  const before = new InputEvent('beforeinput', {
    bubbles: true,
    composed: true,
    cancelable: true,
    inputType: 'insertText',
    data: text,
  });
  if (!box.dispatchEvent(before)) return;
  if (document.execCommand('insertText', false, text)) return;
  fallback();
  input(box, text);
}

/** Types `text` into `box` where the user left the caret (or replaces their own text when asked). */
export function typeInto(box: Box, text: string, replace: boolean): ComposeResult {
  const sel = getSelection();
  if (isText(box)) {
    const start = replace ? 0 : box.selectionEnd;
    const end = replace ? box.value.length : start;
    const max = box.maxLength;
    const length = box.value.length - (end - start) + text.length;
    if (max > 0 && length > max)
      return { ok: false, reason: 'too-long', limit: max, room: max - box.value.length + (end - start) };
    box.focus();
    box.setSelectionRange(start, end);
    type(box, text, () => box.setRangeText(text, start, end, 'end'));
    return { ok: true, kind: 'textarea', limit: max > 0 ? max : null };
  }
  const inside = sel && sel.rangeCount > 0 && box.contains(sel.getRangeAt(0).commonAncestorContainer);
  box.focus();
  const r = document.createRange();
  const tail = tailOf(box);
  if (replace) {
    r.selectNodeContents(box);
    if (tail) r.setEndBefore(tail);
  } else if (inside) {
    // The caret as the user left it; a selection is kept, not overwritten: type after it.
    r.setStart(sel!.getRangeAt(0).endContainer, sel!.getRangeAt(0).endOffset);
  } else if (tail) r.setStartBefore(tail);
  else {
    r.selectNodeContents(box);
    r.collapse(false);
  }
  if (!replace && !inside && tail) r.collapse(true);
  if (!replace && inside) r.collapse(true);
  sel?.removeAllRanges();
  sel?.addRange(r);
  type(box, text, () => {
    r.deleteContents();
    r.insertNode(document.createTextNode(text));
  });
  return { ok: true, kind: 'editor', limit: null };
}

function fillSubject(subject: string): 'filled' | 'kept' | 'none' {
  const s = deepAll(document, SUBJECT).find(visible) as HTMLInputElement | undefined;
  if (!s) return 'none';
  if (s.value.trim()) return 'kept';
  s.focus();
  if (!document.execCommand('insertText', false, subject)) {
    s.value = subject;
    input(s as unknown as Box, subject);
  }
  return 'filled';
}

/** Answers one compose request. Never throws: a hostile or changed page gets a plain "no box". */
export function compose(req: ComposeRequest): ComposeResult {
  try {
    const box = findBox();
    if (typeof box === 'string') return { ok: false, reason: box };
    if (req.op === 'read')
      return { ok: true, kind: isText(box) ? 'textarea' : 'editor', limit: null, text: ownText(box) };
    // The body first, where the caret is; then an empty subject field, if the site has one.
    const done = typeInto(box, req.text, req.replace);
    const subject = done.ok && req.subject ? fillSubject(req.subject) : undefined;
    return subject && done.ok ? { ...done, subject } : done;
  } catch {
    return { ok: false, reason: 'none' };
  }
}
