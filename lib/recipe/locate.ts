import { fold } from '@/lib/text';
import { ANCHOR_ATTRIBUTE, CLASS, LANDMARKS, MAX, TAG, type Landmark } from './anchors';
import type { Anchor, Locator, RecipeField, RecipeFields, Step, Way } from './format';

/*
 * Locators in the page: built from the element where a value is (found by the value, or pointed at by the seller),
 * and evaluated on another page of the site. Pure DOM (runs in the page's isolated world and, for the tests and the
 * bench, on linkedom documents); never keeps a value: a way whose anchor or path would spell one is dropped.
 */

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Folded, and without the emoji and symbols a page decorates a name with ("Ana Souza 🚀"). */
const loose = (text: string) => fold(text.replace(/[\p{So}\p{Sk}\p{Cf}\uFE0F]+/gu, ' '));

/** Never a value's place: code, styles, the document's head, the extension's own highlight. */
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE', 'SVG', 'IFRAME']);
const OURS = 'data-perfil-intel';

const tagOf = (el: Element) => el.tagName.toLowerCase();
const kids = (el: Element) => Array.from(el.children);

/** An element's text with a line for each block child (a card's lines), as a reader sees them. */
function lines(el: Element): string[] {
  const out: string[] = [];
  let line = '';
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) line += child.textContent ?? '';
      else if (child.nodeType === 1) {
        const e = child as Element;
        if (SKIP.has(e.tagName.toUpperCase()) || e.getAttribute('aria-hidden') === 'true') continue;
        const block = /^(DIV|P|LI|H[1-6]|DT|DD|TR|TD|TH|SECTION|HEADER|FOOTER|ARTICLE|BR|UL|OL|TABLE)$/.test(
          e.tagName.toUpperCase(),
        );
        if (block) {
          out.push(line);
          line = '';
        }
        walk(e);
        if (block) {
          out.push(line);
          line = '';
        }
      }
    }
  };
  walk(el);
  out.push(line);
  return out.map(clean).filter(Boolean);
}

/** Pieces between separators a page writes between a title and a company ("Head de Vendas · Acme", "CTO at X"). */
const SEPARATORS = /\s+[·•|–—]\s+|\s*[|•·]\s*|\s+(?:at|na|no|em|@)\s+|\s+@|,\s+/;

/** The pieces of an element's text: its lines, each split at separators. */
export const segmentsOf = (el: Element): string[] =>
  lines(el)
    .flatMap((l) => l.split(SEPARATORS))
    .map(clean)
    .filter(Boolean);

/** The value a locator reads from the element it found, or '' when the element's text no longer fits. */
export function readValue(el: Element, locator: Pick<Locator, 'segment' | 'segments'>): string {
  if (locator.segment < 0) return clean(lines(el).join(' ')).slice(0, 200);
  const parts = segmentsOf(el);
  if (!parts.length) return '';
  // the same number of pieces: the same one; otherwise the last stays the last, the others keep their place
  const last = locator.segment === locator.segments - 1;
  const piece = parts.length === locator.segments || !last ? parts[locator.segment] : parts.at(-1);
  return (piece ?? '').slice(0, 200);
}

/* Stable anchors: what a site does not generate afresh for each build or page. */

/** A name a build or a page generates (hashes, counters, React ids): never an anchor. */
const generated = (value: string) =>
  value.length > 60 ||
  /\d{3,}|[:{}]|^(?:css|sc|jsx|emotion|ember|ng|react|mui|chakra)[-_]/i.test(value) ||
  /[a-z][A-Z].*[a-z][A-Z]/.test(value) ||
  (/(?:^|[-_])[a-z0-9]{5,}$/.test(value.toLowerCase()) && /\d/.test(value));

const stableClasses = (el: Element) =>
  Array.from(el.classList ?? [])
    .filter((c) => CLASS.test(c) && !/\d/.test(c) && !generated(c))
    .slice(0, 2);

const matchesStep = (el: Element, step: Pick<Step, 'tag' | 'classes'>) =>
  tagOf(el) === step.tag && step.classes.every((c) => el.classList?.contains(c));

/** The step from `parent` to `child`. */
function stepTo(child: Element): Step {
  const base = { tag: tagOf(child), classes: stableClasses(child) };
  const parent = child.parentElement;
  const same = parent ? kids(parent).filter((k) => matchesStep(k, base)) : [child];
  return { ...base, nth: Math.max(0, same.indexOf(child)) };
}

/** The path from `from` (exclusive) down to `to`, or null when `to` is not inside `from` or too far. */
function pathFrom(from: Element, to: Element): Step[] | null {
  const steps: Step[] = [];
  let at: Element | null = to;
  while (at && at !== from) {
    const step = stepTo(at);
    if (!TAG.test(step.tag) || step.nth > MAX.nth || steps.length >= MAX.steps) return null;
    steps.unshift(step);
    at = at.parentElement;
  }
  return at === from ? steps : null;
}

function follow(from: Element, path: Step[]): Element | null {
  let at: Element | undefined = from;
  for (const step of path) {
    at = kids(at).filter((k) => matchesStep(k, step))[step.nth];
    if (!at) return null;
  }
  return at;
}

/** An element's whole text when it is short enough to be a field's label (one to four words, no digits). */
function labelText(el: Element): string | null {
  const text = clean(el.textContent ?? '').replace(/\s*:$/, '');
  return text.length >= 2 && text.length <= MAX.label && !/\d/.test(text) && text.split(' ').length <= 4
    ? text
    : null;
}

/** An element written as a field's label: a term, a table header, a form label, or text ending in a colon. */
const isLabel = (el: Element) => /^(?:dt|th|label)$/.test(tagOf(el)) || /:\s*$/.test(el.textContent ?? '');

const headings = (doc: Document, level: number) => Array.from(doc.querySelectorAll(`h${level}`));

const quote = (value: string) => value.replace(/["\\]/g, '\\$&');

/** The elements an anchor names in `doc`, in the page's order. */
function anchored(doc: Document, anchor: Anchor): Element[] {
  const body = doc.body ?? doc.documentElement;
  if (!body) return [];
  switch (anchor.kind) {
    case 'attr':
      return Array.from(doc.querySelectorAll(`[${anchor.name}="${quote(anchor.value)}"]`)).slice(0, 20);
    case 'heading': {
      const h = headings(doc, anchor.level)[anchor.index];
      return h ? [h] : [];
    }
    case 'landmark':
      return Array.from(doc.querySelectorAll(anchor.tag)).slice(0, 1);
    case 'root':
      return [body];
    case 'label': {
      const want = fold(anchor.text);
      const out: Element[] = [];
      for (const el of Array.from(body.querySelectorAll('*'))) {
        if (out.length >= 20) break;
        if (!el.nextElementSibling || SKIP.has(el.tagName.toUpperCase())) continue;
        const text = labelText(el);
        if (text && fold(text) === want) out.push(el.nextElementSibling);
      }
      return out;
    }
  }
}

/** The element a way leads to in `doc`, if any. */
export const evaluateWay = (doc: Document, way: Way): Element | null => lead(doc, way).el;

/** The element a way leads to, and whether its anchor named one element alone (several: the page is another kind). */
function lead(doc: Document, way: Way): { el: Element | null; alone: boolean } {
  const starts = anchored(doc, way.anchor);
  for (const start of starts) {
    const el = follow(start, way.path);
    if (el) return { el, alone: starts.length === 1 };
  }
  return { el: null, alone: false };
}

/**
 * How far a way can be trusted on another page: one from a stable attribute or a field's label a step or two away,
 * or the page's first main heading, leads to the same kind of element; any other follows the page's layout, which
 * other pages of the site may not share.
 */
export const strong = ({ anchor, path }: Way) =>
  ((anchor.kind === 'attr' || anchor.kind === 'label') && path.length <= 2) ||
  (anchor.kind === 'heading' && anchor.level === 1 && anchor.index === 0 && path.length <= 1);

/** What a locator finds in `doc`: the value of the first way that leads to an element with text, and that way's trust. */
export function evaluate(doc: Document, locator: Locator): { value: string; strong: boolean } {
  for (const way of locator.ways) {
    const { el, alone } = lead(doc, way);
    const value = el && readValue(el, locator);
    if (value) return { value, strong: alone && strong(way) };
  }
  return { value: '', strong: false };
}

/** The words of a value, folded: none of them may be spelled by a locator. */
const wordsOf = (values: string[]) =>
  values.flatMap((v) => fold(v).split(/[^a-z0-9]+/)).filter((w) => w.length >= 2);

/** Whether `way` spells any of `values` (or any of their words) anywhere: its anchor's text, an id, a class. */
export function spells(way: Way, values: string[]): boolean {
  const text = fold(JSON.stringify(way));
  const tokens = new Set(text.split(/[^a-z0-9]+/));
  return (
    values.some((v) => fold(v).length > 0 && text.includes(fold(v))) ||
    wordsOf(values).some((w) => tokens.has(w))
  );
}

/**
 * The ways to `el`, most stable first: from the nearest ancestor with a stable attribute (an id, a data-* attribute,
 * microdata, an ARIA label); from a field's label just before it; from a heading it is or is in; from a landmark;
 * from the body. None spells any of `values` (the values it was built from, and the page's other person fields).
 */
export function ways(doc: Document, el: Element, values: string[]): Way[] {
  const out: Way[] = [];
  const add = (anchor: Anchor, from: Element) => {
    const path = pathFrom(from, el);
    if (!path) return;
    const way = { anchor, path };
    if (!spells(way, values) && !out.some((w) => JSON.stringify(w) === JSON.stringify(way))) out.push(way);
  };
  // stable attributes, from the element itself up
  for (let at: Element | null = el, depth = 0; at && depth < 12; at = at.parentElement, depth++) {
    for (const attr of Array.from(at.attributes ?? [])) {
      if (!ANCHOR_ATTRIBUTE.test(attr.name) || attr.name.startsWith(OURS)) continue;
      const value = attr.value.trim();
      if (!value || value.length > MAX.attr || generated(value)) continue;
      // the attribute must name this element alone in the page
      const found = anchored(doc, { kind: 'attr', name: attr.name, value });
      if (found.length === 1) add({ kind: 'attr', name: attr.name, value }, at);
    }
    if (out.length >= 2) break;
  }
  // a field's label: the element just before the value or one of its near ancestors, when it is written as one (a
  // term, a table header, a form label, or text ending in a colon)
  for (let at: Element | null = el, depth = 0; at && depth < 4; at = at.parentElement, depth++) {
    const before = at.previousElementSibling;
    const text = before && isLabel(before) && labelText(before);
    if (text) {
      add({ kind: 'label', text }, at);
      break;
    }
  }
  // a heading it is or is in
  const heading = closest(el, (e) => /^h[1-6]$/.test(tagOf(e)));
  if (heading) {
    const level = Number(tagOf(heading)[1]);
    const index = headings(doc, level).indexOf(heading);
    if (index >= 0 && index <= MAX.heading) add({ kind: 'heading', level, index }, heading);
  }
  // a landmark, then the body
  const landmark = closest(el, (e) => (LANDMARKS as readonly string[]).includes(tagOf(e)));
  if (landmark && doc.querySelector(tagOf(landmark)) === landmark)
    add({ kind: 'landmark', tag: tagOf(landmark) as Landmark }, landmark);
  const body = doc.body;
  if (body) add({ kind: 'root' }, body);
  // the ways that lead back to this very element, at most eight
  return out.filter((w) => evaluateWay(doc, w) === el).slice(0, MAX.ways);
}

function closest(el: Element, test: (e: Element) => boolean): Element | null {
  for (let at: Element | null = el; at; at = at.parentElement) if (test(at)) return at;
  return null;
}

/** A locator for the value `value` at `el` (whose text holds it whole or as one of its pieces); null if none fits. */
export function locatorAt(doc: Document, el: Element, value: string, values: string[]): Locator | null {
  const want = loose(value);
  const whole = loose(lines(el).join(' ')) === want;
  const parts = segmentsOf(el);
  const segment = whole ? -1 : parts.findIndex((p) => loose(p) === want);
  if ((!whole && segment < 0) || parts.length > MAX.segments) return null;
  const found = ways(doc, el, values);
  return found.length ? { ways: found, segment, segments: whole ? 0 : parts.length } : null;
}

/** Whether an element is laid out (a page's hidden copies are not the value the seller sees). */
const shown = (el: Element) => {
  for (let at: Element | null = el; at; at = at.parentElement) {
    if (at.getAttribute('aria-hidden') === 'true' || at.hasAttribute('hidden')) return false;
    if (at.getAttribute(OURS) !== null) return false;
  }
  return true;
};

/**
 * Where the page shows `value`: the smallest elements whose text is the value, whole or as one piece, in the page's
 * order; a heading's first, then the rest.
 */
export function placesOf(doc: Document, value: string): Element[] {
  const want = loose(value);
  const body = doc.body;
  if (!want || !body) return [];
  const hits: Element[] = [];
  for (const el of Array.from(body.querySelectorAll('*'))) {
    if (SKIP.has(el.tagName.toUpperCase())) continue;
    const text = loose(el.textContent ?? '');
    if (!text.includes(want) || text.length > want.length * 6 + 200) continue;
    // the smallest: no child holds the value too
    if (kids(el).some((k) => loose(k.textContent ?? '').includes(want))) continue;
    if (loose(lines(el).join(' ')) !== want && !segmentsOf(el).some((p) => loose(p) === want)) continue;
    if (shown(el)) hits.push(el);
    if (hits.length >= 30) break;
  }
  const inHeading = (e: Element) => !!closest(e, (x) => /^h[1-6]$/.test(tagOf(x)));
  return [...hits.filter(inHeading), ...hits.filter((e) => !inHeading(e))];
}

/** The values a correction gave, by field: what the seller confirmed in the form. */
export type Values = Partial<Record<RecipeField, string>>;

/**
 * Learns where the page shows each of `values`: a locator per field found (the first place the value is, whose
 * locator reads it back), none for a value the page does not show. The locators never spell any of the values.
 */
export function learn(doc: Document, values: Values): RecipeFields {
  const all = Object.values(values).filter((v): v is string => !!v?.trim());
  const fields: RecipeFields = {};
  for (const [field, value] of Object.entries(values) as [RecipeField, string | undefined][]) {
    if (!value?.trim()) continue;
    for (const el of placesOf(doc, value).slice(0, 10)) {
      const locator = locatorAt(doc, el, value, all);
      if (locator && loose(evaluate(doc, locator).value) === loose(value)) {
        fields[field] = locator;
        break;
      }
    }
  }
  return fields;
}

/** A locator for each element the seller pointed at: its whole text or, failing that, none. */
export function learnAt(
  doc: Document,
  picked: Partial<Record<RecipeField, Element>>,
): {
  fields: RecipeFields;
  values: Values;
} {
  const values: Values = {};
  for (const [field, el] of Object.entries(picked) as [RecipeField, Element | undefined][])
    if (el) values[field] = clean(lines(el).join(' ')).slice(0, 200);
  const all = Object.values(values).filter((v): v is string => !!v);
  const fields: RecipeFields = {};
  for (const [field, el] of Object.entries(picked) as [RecipeField, Element | undefined][]) {
    const value = values[field];
    const locator = el && value && locatorAt(doc, el, value, all);
    if (locator) fields[field] = locator;
  }
  return { fields, values };
}

/** What a recipe finds on a page: each field's value, the fields found only through the page's layout, the missing. */
export interface Applied {
  values: Values;
  /** Fields whose value came from a landmark's or the body's layout, not from a stable anchor. */
  weak: RecipeField[];
  missing: RecipeField[];
}

export function apply(doc: Document, fields: RecipeFields): Applied {
  const values: Values = {};
  const weak: RecipeField[] = [];
  const missing: RecipeField[] = [];
  for (const [field, locator] of Object.entries(fields) as [RecipeField, Locator | undefined][]) {
    if (!locator) continue;
    const found = evaluate(doc, locator);
    if (found.value) {
      values[field] = found.value;
      if (!found.strong) weak.push(field);
    } else missing.push(field);
  }
  return { values, weak, missing };
}
