import type { Extractor } from '../types';
import { all, once, text } from '../dom';
import {
  addressNames,
  boxLabel,
  boxLabels,
  domainCompany,
  fieldOf,
  hasCompanyWord,
  inNoise,
  isPageWord,
  isRole,
  hasRoleWord,
  labelKey,
  nameScore,
  noisyHeading,
} from './judge';
import { cleanName, found, person, tidy } from '../names';
import { company, linesAfter, nameWith, roleLine, sameName, titleParts } from './page-text';
import { EMAIL } from '../email-name';
import { DEAL_WORDS, EITHER_LABELS, LABELS, PLACEHOLDERS, type Field } from '../rules/words';
import type { Candidate } from '../types';
import { fold, slug } from '../../text';

/*
 * Labelled fields: how record pages (CRMs, ERPs, shared documents, edit forms) show a person — "Nome", "Empresa",
 * "Account Name", "Cargo" beside their values — in the shapes apps use: dl/dt/dd, table rows, a label and its input,
 * rows of a label element and a value element, "Label: value" lines, captions under their value, aria-label,
 * aria-labelledby and data-label attributes. The labels are the table of lib/extract/rules/words.ts (LABELS); what an empty
 * field shows is never a value (PLACEHOLDERS). Where the fields name no one, the record's name is its title's or
 * its heading's, with the fields' company.
 */

export type Fields = Partial<Record<Field, string>>;

// controls that hold a value the user typed or chose
const FORM = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]),select,textarea';
// what stands beside a label and is no value: its edit button, an icon (when it shows no word)
const CONTROL = 'button,svg,img,i,[role=button]';
// where a label may stand: elements of one text (a leaf, or one leaf inside) of these tags, or called a label
const LABEL_TAG = /^(?:DT|TH|TD|LABEL|LEGEND|P|SPAN|STRONG|B|DIV|H[2-6])$/;
const LABEL_CLASS = /label|key|field/i;
// how labels begin (three letters, folded): most texts of a large page are passed over without reading them whole;
// built on first use (nothing runs when a module that imports this file loads)
let starts: Set<string> | undefined;
const startsLabel = (s: string) =>
  (starts ??= new Set([...Object.values(LABELS).flat(), ...boxLabels()].map((w) => w.slice(0, 3)))).has(
    fold(s.trimStart().slice(0, 3)),
  );
// a record's side column (Agendor's, HubSpot's) holds its fields: only its own heading may make it noise
const SIDE = 'aside,[role=complementary]';
// where the signed-in user and the app's menus show, never the record
const NOT_RECORD = 'header,[role=banner],[class*=user i],[class*=owner i]';

/** Whether a value is what an empty field shows ("—", "Adicionar", "Select…", "Adicionar empresa"). */
export function isPlaceholder(value: string): boolean {
  const words = fold(value)
    .replace(/[.…+:]+$/, '')
    .trim()
    .split(/\s+/);
  const v = words.join(' ');
  return (
    !v ||
    PLACEHOLDERS.includes(v) ||
    (words.length <= 3 && /^\p{L}/u.test(v) && PLACEHOLDERS.includes(words[0]!))
  );
}

/** Whether a field's element is in a region whose people are not the page's; a record's side column is not. */
function fieldNoise(el: Element): boolean {
  const side = el.closest(SIDE);
  if (!side) return inNoise(el);
  return noisyHeading(side) || (!!side.parentElement && inNoise(side.parentElement));
}

/** A form control's value: what the user typed, the option chosen. */
function controlValue(c: Element): string {
  if (c.tagName === 'SELECT') {
    const s = c as HTMLSelectElement;
    return text(s.selectedOptions?.[0] ?? c.querySelector('option[selected]'));
  }
  return tidy((c as HTMLInputElement).value ?? c.getAttribute('value') ?? c.textContent);
}

/**
 * What an element shows as a value: its control's value; else its text — or, when that text begins with a linked
 * record's name ("Totvs S.A." + "totvs.com") or markup glues several texts ("Acme Logistics LLC" + "Primary"), the
 * first of them.
 */
export function shown(el: Element | null | undefined): string {
  if (!el) return '';
  const control = el.matches(FORM) ? el : el.querySelector(FORM);
  if (control) return controlValue(control);
  const whole = text(el);
  if (!el.childElementCount || whole.length > 200) return whole;
  const link = text(el.querySelector('a[href]'));
  if (link && whole.startsWith(link)) return link;
  let leaf = el.firstElementChild;
  while (leaf?.firstElementChild) leaf = leaf.firstElementChild;
  const first = text(leaf);
  return first && whole.length > first.length && whole.startsWith(first) && !/\s/.test(whole[first.length]!)
    ? first
    : whole;
}

/** The value shown for a label element: its dd, its control, its sibling, the rest of its line, the next block. */
export function valueOf(label: Element): string {
  if (label.tagName === 'DT') {
    for (let n = label.nextElementSibling; n; n = n.nextElementSibling)
      if (n.tagName === 'DD') return shown(n);
    return '';
  }
  const id = label.getAttribute('for');
  const target = id && label.ownerDocument.getElementById(id);
  // a radio's or a checkbox's label names an option, not a field
  if (target) return target.matches(FORM) ? controlValue(target) : shown(target);
  const control = label.querySelector(FORM);
  if (control) return controlValue(control);
  // an edit button or an icon beside the label is no value
  const after = label.nextElementSibling;
  let next = after;
  while (next?.matches(CONTROL) && !/\p{L}/u.test(next.textContent ?? '')) next = next.nextElementSibling;
  // its own element; when that shows nothing, the one after it (an HTML parser closes a paragraph before a block:
  // the value a page's script had put in it then stands beside it)
  if (next) return shown(next) || shown(next.nextElementSibling);
  const parent = label.parentElement;
  const own = text(label);
  const line = text(parent);
  // "Cargo: Gerente de Operações"
  if (!after && parent && parent.childElementCount <= 3 && line.length > own.length && line.startsWith(own))
    return line.slice(own.length).replace(/^[\s:–-]+/, '');
  // a section's heading (the label and its buttons): the value is the block below it
  return shown(parent?.nextElementSibling);
}

/**
 * Puts `raw` in `out` as the value of `field` (named by `label`) when it is one, each field's first value winning. A "Nome" holding a
 * company's name (a record of a company) gives the company; one word under "Nome" beside a "Sobrenome" is a first
 * name.
 */
function take(out: Fields, field: Field, raw: string, label: string, doc: Document): boolean {
  // "Frigorífico Vale do Guaporé · Gerente de Compras": a relation's name, then what the app adds after a dot
  const value = fuller(tidy(raw), writings(doc)).split(/\s+·\s+/)[0]!;
  if (!value || value.length > 120 || isPlaceholder(value) || fieldOf(value)) return false;
  if (field === 'full') {
    const name = cleanName(value);
    // the label vouches for a name's shape, unless it may name a company's record too ("Cliente")
    const score = name ? nameScore(name) : 0;
    if (score >= 0.5 || (score && !EITHER_LABELS.includes(labelKey(label)))) out.full ??= name;
    else if (name && !name.includes(' ')) out.first ??= name;
    else if (company(value) && hasCompanyWord(value)) out.company ??= value;
    else return false;
    return true;
  }
  if (out[field]) return false;
  const ok =
    field === 'email'
      ? EMAIL.test(value)
      : field === 'company'
        ? !!company(value) && !isPageWord(value)
        : field === 'role'
          ? /\p{L}/u.test(value) && !EMAIL.test(value)
          : !!cleanName(value);
  if (ok) out[field] = field === 'email' ? EMAIL.exec(value)![0] : value;
  return ok;
}

// an app's cut of a long value: "Usina Santa Terezinh..."
const CUT = /\s*(?:\.{3}|…)$/;

/**
 * The whole of a value the app cut short ("Usina Santa Terezinh...", "Frigorífico Vale do Gu…"): the first of
 * `writings` (its title attribute, its tooltip, the page's other texts) that begins as it does and goes further;
 * the value itself when it is not cut or nothing writes it whole.
 */
export function fuller(value: string, writings: Iterable<string>): string {
  if (!CUT.test(value)) return value;
  const stem = fold(value.replace(CUT, ''));
  if (stem.length < 4) return value;
  for (const w of writings) {
    const whole = tidy(w);
    if (whole.length > stem.length && !CUT.test(whole) && fold(whole).startsWith(stem)) return whole;
  }
  return value;
}

/** The page's writings a cut value may have whole: title attributes, then texts of their own. */
function* writings(doc: Document) {
  for (const el of all(doc, '[title]', 500)) yield el.getAttribute('title') ?? '';
  for (const el of doc.body ? all(doc.body, '*', 8000) : []) if (!el.childElementCount) yield text(el);
}

// attributes that name a control or a value: "Empresa", "Empresa: Nubank", the id of its label, a placeholder
const NAMED_BY = ['aria-label', 'data-label', 'data-field-label', 'aria-labelledby', 'placeholder'];

/** The label an attribute gives an element ("Empresa", "Nome da empresa..." -> "Nome da empresa"), and its value if inline. */
function attributeLabel(el: Element): [label: string, inline: string] {
  const name = NAMED_BY.find((a) => el.hasAttribute(a))!;
  const raw = el.getAttribute(name) ?? '';
  const named = name === 'aria-labelledby' ? text(el.ownerDocument.getElementById(raw.split(' ')[0]!)) : raw;
  const [label = '', inline = ''] = named.split(/:\s*/);
  // "Empresa atual: Acme S.A.. Clique para pular…": the value, not the sentence after it
  return [label.replace(/[.…]+$/, ''), inline.split(/\.\s+(?=\p{Lu})/u)[0]!];
}

/**
 * Labelled fields outside noise, the first value of each kind, and the first field's element; and the labels of the
 * boxes where an app shows the page's person by their part ("Anfitrião", "Solicitante", "Instructor:").
 */
export const fields = (doc: Document) => once(doc, 'fields', () => readFields(doc));

function readFields(doc: Document): { f: Fields; at?: Element; boxes: Element[] } {
  const f: Fields = {};
  const boxes: Element[] = [];
  let at: Element | undefined;
  const attributed: Element[] = [];
  // one pass over the page's elements: far cheaper than selector lists on large pages
  for (const el of doc.body ? all(doc.body, '*', 8000) : []) {
    if (NAMED_BY.some((a) => el.hasAttribute(a))) attributed.push(el);
    // the tag first: counting an element's children costs more
    const tagged = LABEL_TAG.test(el.tagName);
    if (!tagged && !el.hasAttribute('class')) continue;
    // one text: a leaf, or one leaf inside ("<p title='Cargo'><b>Cargo</b></p>")
    if (el.childElementCount > 1 || el.firstElementChild?.firstElementChild) continue;
    if (!tagged && !LABEL_CLASS.test(el.getAttribute('class') ?? '')) continue;
    const raw = el.textContent ?? '';
    if (raw.length > 40 || raw.length < 3 || !startsLabel(raw)) continue;
    // "Companies (2)": a list's label with its count
    const field = fieldOf(tidy(raw).replace(/\s*\(\d+\)$/, ''));
    if (!field) {
      if (boxLabel(raw) === 'person' && !fieldNoise(el)) boxes.push(el);
      continue;
    }
    if (fieldNoise(el)) continue;
    // a column header is a list's, read with the list (rows), not one field
    if (el.tagName === 'TH' && !el.nextElementSibling?.matches('td')) continue;
    if (take(f, field, valueOf(el), raw, doc)) at ??= el;
  }
  // controls and values named by an attribute
  for (const el of attributed.slice(0, 500)) {
    // a region's name ("Company" over a section of fields) names no one value
    if (!el.matches(FORM) && el.childElementCount > 1) continue;
    const [label, inline] = attributeLabel(el);
    const field = fieldOf(label);
    if (field && !fieldNoise(el) && take(f, field, inline || shown(el), label, doc)) at ??= el;
  }
  return { f, at, boxes };
}

/**
 * A person's title and company where the page shows them in a card: the name (as a text of its own), then a role
 * line and a line that is only an organisation ("Elena Marquez" / "Director of Procurement Analytics" / "Kestrel
 * Analytics").
 */
function card(doc: Document, name: string): [title: string, company: string] | undefined {
  const key = fold(name);
  for (const el of all(doc, 'h2,h3,h4,h5,strong,b,a,p,span,div', 3000)) {
    if (el.childElementCount > 1 || fold(cleanName(text(el))) !== key || fieldNoise(el)) continue;
    const lines = linesAfter(el, 3);
    const i = lines.findIndex(isRole);
    if (i < 0) continue;
    // an organisation's line under the role line, else where the role line says ("Engenheira na Acme")
    const below = company(lines[i + 1]);
    const co = below && !hasRoleWord(below) ? below : roleLine(lines[i]!)?.[1];
    if (co) return [lines[i]!, co];
  }
  return undefined;
}

// "[KEY-1] Proposta — Acme…": a first word and what follows its dash or colon; where the app's part begins
const DEAL_TITLE = /^(?:\[[^\]]*\]\s*)?(\p{L}+)\s*[—–:-]\s*(.+)$/u;
const APP_PART = /\s[-|–—]\s|\son\s(?=\p{Lu})/u;

/**
 * The company a work item is about, from its title ("Proposta — Laticínios Vale do Sabiá - Pipeline - Asana",
 * "[SALES-482] Proposal: Halvorsen Marine Supply", "Proposta — Acme on Funil 2026 | Trello"): what follows a deal
 * word (rules.ts DEAL_WORDS), up to the app's own part of the title (a separator, "on <board>").
 */
export function itemCompany(doc: Document): string {
  for (const t of [...all(doc, 'h1', 3).map(text), tidy(doc.title)]) {
    const m = DEAL_TITLE.exec(t);
    const co = m && DEAL_WORDS.includes(fold(m[1]!)) ? company(m[2]!.split(APP_PART)[0]) : '';
    if (co) return co;
  }
  return '';
}

/**
 * The page's person shown in a box labelled with their part ("Solicitante" + "Ana Souza"; "Ana Souza" with a "Host"
 * badge after it): the label vouches for the name's shape. The company: written beside the name, else the card
 * that shows the same person, else the record's labelled company, else the one a work item's title is about, else
 * the address under the name.
 */
function boxPerson(doc: Document, label: Element, f: Fields): Candidate | null {
  const after = label.nextElementSibling ?? label.parentElement?.nextElementSibling;
  let [name, co] = nameWith(valueOf(label));
  let at = after;
  if (!name || !nameScore(name)) {
    // a badge after the name
    at = label.previousElementSibling;
    [name, co] = nameWith(text(at));
  }
  if (!name || !nameScore(name)) return null;
  const known = card(doc, name);
  const mail =
    at &&
    linesAfter(at, 2)
      .map((l) => EMAIL.exec(l)?.[0])
      .find(Boolean);
  return person(
    'page',
    0.8,
    name,
    co || known?.[1] || company(f.company) || itemCompany(doc) || domainCompany(mail),
    known?.[0],
  );
}

/**
 * The record's name where its fields name no one: the part of the page's title that reads as a name ("Ms. Emily
 * Carter | Lead | Salesforce"), else the nearest heading (then the nearest element called a title or a name) before
 * the fields that reads as one — never the signed-in user's —, else a part of the title of a name's shape that the
 * record's mail address names ("g.pemberton@…").
 */
export function recordName(doc: Document, at: Element, email?: string): string {
  const titled = titleParts(doc).map((t) => cleanName(t));
  const sure = titled.find((t) => t && nameScore(t) >= 0.5);
  if (sure) return sure;
  for (const selector of ['h1,h2,h3', '[class*=title i],[class*=name i]']) {
    const before = all(doc, selector, 300).filter(
      // DOCUMENT_POSITION_PRECEDING: the element comes before the fields
      (el) => at.compareDocumentPosition(el) & 2 && !el.closest(NOT_RECORD) && !fieldNoise(el),
    );
    const name = before
      .map((el) => cleanName(shown(el)))
      .filter((n) => n && nameScore(n))
      .at(-1);
    if (name) return name;
  }
  // a name the title gives by its shape alone, when the record's mail address is its ("Gareth Pemberton - Contact",
  // g.pemberton@…)
  return titled.find((t) => t && nameScore(t) && addressNames(email ?? '', t)) ?? '';
}

// the texts that name a record: its first headings (a control's value in an edit form) and its title's parts
const recordTitles = (doc: Document) => [...all(doc, 'h1', 2).map(shown), ...titleParts(doc)];

/**
 * The record's own name where it reads as a company's and the fields name none ("Laticínios Serra Azul Ltda -
 * Terceiros", a heading "Cooperativa Agroindustrial Vale Verde"): a legal form or kind of organisation in it, or
 * the letters its mail domain squashes it into ("meridiancold.com" for "Meridian Cold Chain Logistics") — the name
 * as the record writes it, never the domain's word.
 */
export function recordCompany(doc: Document, email?: string): string {
  const domain = slug(domainCompany(email), '');
  for (const t of recordTitles(doc)) {
    const co = company(t);
    const letters = slug(co, '');
    if (
      co &&
      (hasCompanyWord(co) ||
        (domain.length > 3 && (domain.startsWith(letters) || letters.startsWith(domain))))
    )
      return co;
  }
  return '';
}

/**
 * A company record's people (its contacts' cards or rows) where the record is the company's (its title or heading
 * names it): a text of its own that reads as a name (a known given name, or the mail address under it is its), a
 * role line under or beside it that names no other company; never in the app's header or user menu.
 */
function contacts(doc: Document, co: string): Candidate[] {
  const out: Candidate[] = [];
  if (!recordTitles(doc).some((t) => sameName(t, co))) return out;
  for (const el of all(doc, 'h3,h4,h5,h6,strong,b,a,p,span,td,div', 3000)) {
    if (el.childElementCount > 1 || out.length >= 20) continue;
    const name = cleanName(text(el));
    const score = name ? nameScore(name) : 0;
    if (!score || el.closest(NOT_RECORD) || fieldNoise(el)) continue;
    const lines = linesAfter(el, 4);
    const role = lines.slice(0, 2).find(isRole);
    // a name of a known given name, or one whose mail address is under it
    if (score < 0.5 && !lines.some((l) => addressNames(EMAIL.exec(l)?.[0] ?? '', name))) continue;
    const elsewhere = role && roleLine(role)?.[1];
    const one = role && !(elsewhere && !sameName(elsewhere, co)) && person('page', 0.6, name, co, role);
    if (one) out.push(one);
  }
  return out;
}

/** The person of a record's labelled fields ("Nome", "Sobrenome", "Empresa", "Cargo", "E-mail"). */
export const labelled: Extractor = {
  id: 'fields',
  extract(doc) {
    const { f, at, boxes } = fields(doc);
    const boxed = boxes.slice(0, 20).map((b) => boxPerson(doc, b, f));
    // a labelled title may say where ("Title: Chief Executive Officer of Meridian Cold Chain")
    const labelledCo = company(f.company) || roleLine(f.role ?? '')?.[1] || '';
    // a work item's title says which company it is about
    // else the record's own name, where it is a company's
    const item = labelledCo ? '' : itemCompany(doc) || recordCompany(doc, f.email);
    const co = labelledCo || item || domainCompany(f.email);
    // a labelled company is the surest a page gives; a mail domain's word is a guess others may better
    const sure = labelledCo ? 0.9 : item ? 0.7 : 0.5;
    // a "Nome" beside a "Sobrenome" is the first name, compound or not ("João Victor" + "Albuquerque Neto")
    const given = f.full && f.last && !fold(f.full).includes(fold(f.last)) ? `${f.full} ${f.last}` : f.full;
    const named = cleanName(given || [f.first, f.middle, f.last].filter(Boolean).join(' '));
    if (named && nameScore(named))
      return found([person('page', Math.max(sure, 0.8), named, co, f.role), ...boxed]);
    // the heading names the record, the fields say where they work; where the heading is the fields' company (a
    // registry's or a directory's page about it), the fields are the company's and name no one
    const name = at && co && !sameName(co, text(all(doc, 'h1', 1)[0])) ? recordName(doc, at, f.email) : '';
    if (name && !sameName(name, co)) return found([person('page', sure, name, co, f.role), ...boxed]);
    // a company's record: its contacts, at the company
    return found([
      ...(at && (labelledCo || item) && !boxed.length ? contacts(doc, labelledCo || item) : []),
      ...boxed,
    ]);
  },
  // what the company field holds is the company, never a person, whoever reads it as a name (a heading, a card)
  others(doc) {
    const { f } = fields(doc);
    const co = fold(company(f.company));
    return co && co !== fold(f.full ?? '') ? [co] : [];
  },
};
