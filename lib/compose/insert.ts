/*
 * Content-script side of "Inserir na mensagem", "Revisar meu texto" and "Inserir no CRM": finds the box on request
 * and types into it. Nothing here runs at load: no listener watches the page. The box the user last focused is still
 * `document.activeElement` (through open shadow roots and same-origin frames) after focus moves to the side panel,
 * so it is read at the moment of the request; when focus is elsewhere, the site's own structures are looked for.
 * Plain DOM only: this ships inside the ≤ 8 kB content scripts. Elements may come from a frame's document (another
 * realm), so they are told apart by tag and property, never by `instanceof`.
 */
import type { ComposeRequest, ComposeResult, ComposeTarget } from '@/lib/messaging';
import { deepActive, editable, frameDoc, isText, type Box } from './focus';

// The sites' compose editors, by role/label/editability (Gmail, Outlook on the web, LinkedIn messaging and the
// invitation note).
const KNOWN =
  'textarea[name=message],textarea#custom-message,[contenteditable=true][role=textbox],div.msg-form__contenteditable[contenteditable=true]';
// What the user did not write in the editor: signatures and quoted text.
const TAIL =
  '.gmail_signature,[data-smartmail=gmail_signature],.gmail_quote,blockquote,#Signature,#divRplyFwdMsg,#appendonsend,[id^=signature]';
const SUBJECT = 'input[name=subjectbox],input[aria-label*=ubject],input[aria-label*=ssunto]';
// Every editor a page may hold: a CRM's note editor is told from the rest by what it and its composer are called.
const EDITABLE = 'textarea,[contenteditable]:not([contenteditable=false])';

/*
 * What a CRM calls its note composer and what it calls everything else that takes text, in the words its labels,
 * placeholders, test ids and classes use (HubSpot, Pipedrive, RD Station CRM, Salesforce, Agendor, Zoho CRM, in
 * Portuguese and English). The nearest element that says either decides: a search box inside the notes tab, or a
 * chat, is not the note. A comment or reply box belongs to another item's thread (a note already saved, an entry of
 * the history) unless the record's own composer holds it, named by what it does ("Registrar atividade", "Criar
 * nota", "New activity") before any item of a list: where the CRM has no separate note editor (Agendor, whose box
 * asks to "Escreva um comentário…"), that composer is the note.
 */
const NOTE_WORDS = /^(notes?|notas?|anota(cao|coes)|annotations?|atividades?|activity)$/;
const OTHER_WORDS =
  /^(search|busca|buscar|pesquis(a|ar)|procurar|chat|conversas?|conversations?|messages?|mensage(m|ns))$/;
const THREAD_WORDS = /^(comments?|comentar(ios?)?|comentarios?|reply|respo(nder|sta))$/;
const COMPOSER_WORDS = /^(registrar|criar|create|nov[ao]|new|log|add|adicionar|composer)$/;
// An item of a list, a feed or a history: what a thread belongs to.
const ITEM = 'article,li,[role=article],[role=listitem],[role=comment],[role=row]';
const LABELS = [
  'aria-label',
  'placeholder',
  'data-placeholder',
  'title',
  'name',
  'id',
  'data-testid',
  'data-test-id',
  'data-selenium-test',
  'class',
];

const docOf = (e: Element) => e.ownerDocument;
const winOf = (e: Element) => docOf(e).defaultView ?? window;

/** Every match of `sel` in the document, its open shadow roots and its same-origin frames. */
function deepAll(root: Document | ShadowRoot, sel: string, out: Element[] = []): Element[] {
  out.push(...root.querySelectorAll(sel));
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) deepAll(el.shadowRoot, sel, out);
    const doc = frameDoc(el);
    if (doc?.body) {
      // a frame whose whole body is the editor (design mode)
      if (editable(doc.body)) out.push(doc.body);
      deepAll(doc, sel, out);
    }
  }
  return out;
}

const visible = (e: Element) => (e as HTMLElement).getClientRects().length > 0;

/** The editor the focus is in: the text area, or the editing host around the caret. */
function hostOf(a: Element | null): Box | null {
  if (!a || !editable(a)) return null;
  if (isText(a)) return a;
  const host = a.closest('[contenteditable]:not([contenteditable=false])');
  return (editable(host) ? host : docOf(a).body) as Box;
}

/** Whether the CRM calls this editor (or the composer around it) its note, going out through frames. */
export function isNote(box: Element): boolean {
  let thread = false;
  for (let e: Element | null = box; e; e = e.parentElement ?? winOf(e).frameElement) {
    // a comment box inside an item of a list is that item's thread
    if (thread && e !== box && e.matches(ITEM)) return false;
    const words = LABELS.flatMap((n) =>
      (e!.getAttribute(n) ?? '')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()
        .split(/[^a-z]+/),
    );
    if (words.some((w) => OTHER_WORDS.test(w))) return false;
    if (words.some((w) => NOTE_WORDS.test(w))) return !thread || words.some((w) => COMPOSER_WORDS.test(w));
    if (words.some((w) => THREAD_WORDS.test(w))) thread = true;
  }
  return false;
}

/** The box to write into, or why there is none. */
export function findBox(target: ComposeTarget = 'message'): Box | 'none' | 'many' {
  const note = target === 'note';
  const fits = (e: Element) => !note || isNote(e);
  const host = hostOf(deepActive());
  if (host && fits(host)) return host;
  const found = (note ? deepAll(document, EDITABLE).map((e) => hostOf(e)) : deepAll(document, KNOWN)).filter(
    (e): e is Box => editable(e) && visible(e) && fits(e),
  );
  // An editor inside another (nested roles) counts once.
  const boxes = [...new Set(found)].filter((e) => !found.some((o) => o !== e && o.contains(e)));
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
  const doc = docOf(box);
  const tail = tailOf(box);
  const r = doc.createRange();
  r.selectNodeContents(box);
  if (tail) r.setEndBefore(tail);
  const c = doc.createElement('div');
  c.append(r.cloneContents());
  c.style.cssText = 'position:fixed;left:-9999px;white-space:pre-wrap';
  doc.body.append(c);
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
 * Several lines into a rich editor: offered as the paste of plain text, which ProseMirror, Quill and Draft.js
 * each turn into paragraphs of their own model (one undo step). True when the editor took it.
 */
function paste(box: Box, text: string): boolean {
  const win = winOf(box) as typeof window;
  const data = new win.DataTransfer();
  data.setData('text/plain', text);
  const event = new win.ClipboardEvent('paste', {
    clipboardData: data,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
  return !box.dispatchEvent(event);
}

/**
 * Types at the current selection. The editor hears `beforeinput` first (execCommand does not send it): one that
 * handles typing itself (and so cancels it) has the text; otherwise the browser types it, with the `input` events
 * and the undo step of real typing (a line break becomes a new paragraph in a rich editor, a new line in a text
 * area); failing that, the text is placed and `input` is sent by hand.
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
  if (docOf(box).execCommand('insertText', false, text)) return;
  fallback();
  input(box, text);
}

/** The block (paragraph, line) around a point of a rich editor: the nearest element that is not inline. */
function blockOf(node: Node, box: HTMLElement): Node {
  for (let n: Node | null = node; n && n !== box; n = n.parentNode)
    if (n.nodeType === 1 && winOf(box).getComputedStyle(n as Element).display !== 'inline') return n;
  return box;
}

/**
 * Line breaks that keep `text` a paragraph of its own: one before it when text precedes the caret on its line, one
 * after when text follows. A note added after what the seller wrote starts on a line of its own.
 */
function apart(text: string, before: string, after: string): string {
  return `${before.trim() ? '\n' : ''}${text}${after.trim() ? '\n' : ''}`;
}

/**
 * Types `text` into `box` where the user left the caret (or replaces their own text when asked). `note`: the CRM
 * summary, which goes below the signature-less note's text and keeps paragraphs of its own.
 */
export function typeInto(box: Box, text: string, replace: boolean, note = false): ComposeResult {
  const doc = docOf(box);
  const sel = doc.getSelection();
  if (isText(box)) {
    const start = replace ? 0 : box.selectionEnd;
    const end = replace ? box.value.length : start;
    const line = (s: string) => s.split('\n');
    const typed = note
      ? apart(text, line(box.value.slice(0, start)).at(-1)!, line(box.value.slice(end))[0]!)
      : text;
    const extra = typed.length - text.length;
    const max = box.maxLength;
    const length = box.value.length - (end - start) + typed.length;
    if (max > 0 && length > max)
      return {
        ok: false,
        reason: 'too-long',
        limit: max,
        room: max - box.value.length + (end - start) - extra,
      };
    box.focus();
    box.setSelectionRange(start, end);
    type(box, typed, () => box.setRangeText(typed, start, end, 'end'));
    return { ok: true, kind: 'textarea', limit: max > 0 ? max : null };
  }
  const inside = sel && sel.rangeCount > 0 && box.contains(sel.getRangeAt(0).commonAncestorContainer);
  winOf(box).focus();
  box.focus();
  const r = doc.createRange();
  const tail = note ? null : tailOf(box);
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
  let typed = text;
  if (note && !replace) {
    const around = (start: boolean) => {
      const b = doc.createRange();
      b.selectNodeContents(blockOf(r.startContainer, box));
      if (start) b.setEnd(r.startContainer, r.startOffset);
      else b.setStart(r.startContainer, r.startOffset);
      return b.toString();
    };
    typed = apart(text, around(true), around(false));
  }
  sel?.removeAllRanges();
  sel?.addRange(r);
  // editors that track the selection hear of the one just set before the text arrives
  doc.dispatchEvent(new Event('selectionchange'));
  if (!(typed.includes('\n') && paste(box, typed)))
    type(box, typed, () => {
      r.deleteContents();
      r.insertNode(doc.createTextNode(typed));
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
    const target = req.op === 'insert' ? req.target : undefined;
    const box = findBox(target);
    if (typeof box === 'string') return { ok: false, reason: box };
    if (req.op === 'read')
      return { ok: true, kind: isText(box) ? 'textarea' : 'editor', limit: null, text: ownText(box) };
    // The body first, where the caret is; then an empty subject field, if the site has one.
    const done = typeInto(box, req.text, req.replace, target === 'note');
    const subject = done.ok && req.subject ? fillSubject(req.subject) : undefined;
    return subject && done.ok ? { ...done, subject } : done;
  } catch {
    return { ok: false, reason: 'none' };
  }
}
