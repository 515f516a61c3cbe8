import { apply, learn, learnAt } from './locate';
import type { RecipeField } from './format';
import type { RecipeReply, RecipeRequest } from './protocol';

/*
 * The recipe module's side of the page (entrypoints/extract-recipe.ts): learns where values are, applies locators,
 * and lets the seller point at the name and then the company ("Mostrar na página"): a highlight follows the mouse
 * (or Tab and the arrow keys), a click or Enter takes the element, Esc cancels. Nothing is sent anywhere: the answer
 * goes back to the extension that asked.
 */

const OURS = 'data-perfil-intel';

const TEXTS = {
  name: { pt: 'Clique no nome da pessoa', en: 'Click the person’s name' },
  company: { pt: 'Agora clique na empresa', en: 'Now click the company' },
  keys: {
    pt: 'Tab ou setas escolhem, Enter confirma, Esc cancela',
    en: 'Tab or arrow keys move, Enter confirms, Esc cancels',
  },
  skip: { pt: 'Sem empresa na página', en: 'No company on the page' },
  cancel: { pt: 'Cancelar', en: 'Cancel' },
} as const;

/** Elements that show text of their own, in the page's order: what the keyboard moves through. */
function textElements(doc: Document): Element[] {
  const out: Element[] = [];
  for (const el of Array.from(doc.body?.querySelectorAll('*') ?? [])) {
    if (el.closest(`[${OURS}]`) || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|SVG)$/i.test(el.tagName)) continue;
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent?.trim());
    if (!own) continue;
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) out.push(el);
    if (out.length >= 5000) break;
  }
  return out;
}

let active: { stop(reply: RecipeReply): void } | null = null;

/** Lets the seller point at the name, then the company; resolves with their locators and values. */
function pick(doc: Document, lang: 'pt' | 'en'): Promise<RecipeReply> {
  if (active) return Promise.resolve({ ok: false, reason: 'busy' });
  return new Promise((resolve) => {
    const win = doc.defaultView ?? window;
    const picked: Partial<Record<RecipeField, Element>> = {};
    let step: 'name' | 'company' = 'name';
    let current: Element | null = null;
    let list: Element[] | null = null;

    const box = doc.createElement('div');
    box.setAttribute(OURS, 'highlight');
    box.style.cssText =
      'position:fixed;z-index:2147483647;pointer-events:none;border:2px solid #4338ca;background:rgba(67,56,202,.12);border-radius:3px;display:none';
    const bar = doc.createElement('div');
    bar.setAttribute(OURS, 'bar');
    bar.setAttribute('role', 'dialog');
    bar.setAttribute('aria-label', 'Perfil Intel');
    bar.style.cssText =
      'position:fixed;z-index:2147483647;bottom:8px;left:50%;transform:translateX(-50%);background:#1e1b4b;color:#fff;font:14px/1.4 system-ui,sans-serif;padding:8px 12px;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.3);display:flex;gap:8px;align-items:center;max-width:90vw';
    const title = doc.createElement('strong');
    title.setAttribute('role', 'status');
    title.setAttribute('aria-live', 'polite');
    const hint = doc.createElement('span');
    hint.textContent = TEXTS.keys[lang];
    hint.style.cssText = 'opacity:.85;font-size:12px';
    const button = (label: string, onClick: () => void) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.style.cssText =
        'background:#fff;color:#1e1b4b;border:0;border-radius:4px;padding:2px 8px;font:inherit;font-size:12px;cursor:pointer';
      b.addEventListener('click', (e) => {
        e.stopPropagation();
        onClick();
      });
      return b;
    };
    const skip = button(TEXTS.skip[lang], () => finish());
    skip.style.display = 'none';
    bar.append(
      title,
      hint,
      skip,
      button(TEXTS.cancel[lang], () => stop({ ok: false, reason: 'cancelled' })),
    );
    const say = () => (title.textContent = TEXTS[step][lang]);
    say();
    doc.documentElement.append(box, bar);

    const show = (el: Element | null) => {
      current = el;
      if (!el) return void (box.style.display = 'none');
      const r = el.getBoundingClientRect();
      Object.assign(box.style, {
        display: 'block',
        top: `${r.top - 2}px`,
        left: `${r.left - 2}px`,
        width: `${r.width + 4}px`,
        height: `${r.height + 4}px`,
      });
      el.scrollIntoView?.({ block: 'nearest' });
    };
    const ours = (t: EventTarget | null) => t instanceof Element && !!t.closest(`[${OURS}]`);
    const onMove = (e: MouseEvent) => {
      if (ours(e.target)) return;
      if (e.target instanceof Element) show(e.target);
    };
    const choose = (el: Element) => {
      picked[step] = el;
      if (step === 'name') {
        step = 'company';
        skip.style.display = '';
        say();
        show(null);
      } else finish();
    };
    const onClick = (e: MouseEvent) => {
      if (ours(e.target)) return;
      e.preventDefault();
      e.stopPropagation();
      if (e.target instanceof Element) choose(e.target);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        return stop({ ok: false, reason: 'cancelled' });
      }
      const move = { Tab: e.shiftKey ? -1 : 1, ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[
        e.key
      ];
      if (move !== undefined && !ours(e.target)) {
        e.preventDefault();
        e.stopPropagation();
        list ??= textElements(doc);
        if (!list.length) return;
        const at = current ? list.indexOf(current) : -1;
        show(list[(at + move + list.length) % list.length] ?? null);
      } else if (e.key === 'Enter' && current && !ours(e.target)) {
        e.preventDefault();
        e.stopPropagation();
        choose(current);
      }
    };
    // the page's own handlers never see the clicks and keys that point
    const swallow = (e: Event) => {
      if (!ours(e.target)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    win.addEventListener('mousemove', onMove, true);
    win.addEventListener('click', onClick, true);
    win.addEventListener('mousedown', swallow, true);
    win.addEventListener('mouseup', swallow, true);
    win.addEventListener('keydown', onKey, true);

    function finish() {
      const { fields, values } = learnAt(doc, picked);
      stop({ ok: true, fields, values });
    }
    function stop(reply: RecipeReply) {
      win.removeEventListener('mousemove', onMove, true);
      win.removeEventListener('click', onClick, true);
      win.removeEventListener('mousedown', swallow, true);
      win.removeEventListener('mouseup', swallow, true);
      win.removeEventListener('keydown', onKey, true);
      box.remove();
      bar.remove();
      active = null;
      resolve(reply);
    }
    active = { stop };
  });
}

/** Answers one request from the extension. */
export async function handle(message: RecipeRequest, doc: Document = document): Promise<RecipeReply> {
  switch (message.op) {
    case 'ping':
      return { ok: true };
    case 'learn':
      return { ok: true, fields: learn(doc, message.values ?? {}) };
    case 'apply': {
      const { values, weak, missing } = apply(doc, message.fields ?? {});
      return { ok: true, values, weak, missing };
    }
    case 'pick':
      return pick(doc, message.lang === 'en' ? 'en' : 'pt');
    case 'cancel':
      active?.stop({ ok: false, reason: 'cancelled' });
      return { ok: true };
  }
}
