import type { Candidate, Extractor } from '../types';
import { all, meta, once, text } from '../dom';
import {
  addressNames,
  boxLabel,
  domainCompany,
  fieldOf,
  hasCompanyWord,
  inNoise,
  isRole,
  nameScore,
  roleWord,
} from './judge';
import { EMAIL } from '../email-name';
import { cleanName, found, person, tidy } from '../names';
import {
  addresses,
  company,
  companyHead,
  companyLine,
  describedCompany,
  linesAfter,
  nameWith,
  pageCompany,
  roleLine,
  titleParts,
} from './page-text';
import { FIELD_WORDS, PARTNER_QUALIFICATIONS, VIEWER_MARKS, WITH_WORDS, type Field } from '../rules/words';
import { addressed } from './jsonld';
import { fold } from '../../text';
import { ORDINAL, ROLE_JOINS as CONNECTORS } from '../rules/words';

/*
 * The generic reader: what pages have in common, whatever the site. Each signal is evidence, weighed by how
 * sure it is: labelled fields ("Nome", "Empresa", "Account Name"), the heading and the title when they read as a
 * name, repeated cards (a list of people), e-mail addresses and their domains, a role beside a name, the page's own
 * company. Regions whose people are not the page's (lib/extract/rules/words.ts NOISE_*) are never read.
 */

/**
 * The company as the page writes it, when a short text begins with the mail domain's word ("totvs" -> "Totvs
 * S.A.", "vtex" -> "VTEX"); else the domain's word.
 */
function writtenCompany(doc: Document, word: string): string {
  if (!word) return '';
  const key = fold(word).replace(/[^a-z0-9]/g, '');
  const texts = all(doc, 'a,p,span,strong,b,div,td,li,dd', 3000)
    .filter((el) => !el.childElementCount)
    .map(text)
    .filter(
      (t) =>
        t.length <= 60 &&
        fold(t)
          .replace(/[^a-z0-9]/g, '')
          .startsWith(key),
    )
    .map(company)
    .filter(Boolean);
  return texts.find(hasCompanyWord) ?? texts.sort((a, b) => a.length - b.length)[0] ?? word;
}

/** The name an element shows, cleaned, with how much it reads as a name. */
function nameIn(el: Element): [string, number] {
  const name = cleanName(text(el));
  return [name, name ? nameScore(name) : 0];
}

/** The first part of a title ("Ana Souza - Nubank | LinkedIn" -> ["Ana Souza", "Nubank", "LinkedIn"]). */
const partsOf = (t: string) => t.split(/\s*(?:[|–—]|\s-\s)\s*/);

/**
 * Where the page names its person: its first heading, when it reads as a name; else the name its title (or
 * og:title) begins with, where the page also shows it as a text of its own (a record's heading, a profile's card).
 */
function mainName(doc: Document): [name: string, score: number, el: Element] | undefined {
  const h1 = all(doc, 'main h1,article h1,h1', 10).find((h) => !inNoise(h));
  const [name, score] = h1 ? nameIn(h1) : ['', 0];
  if (h1 && score) return [name, score, h1];
  const titled = [...titleParts(doc), partsOf(meta(doc, 'og:title'))[0]]
    .map((t) => cleanName(t))
    .find((t) => t && nameScore(t) >= 0.5);
  if (!titled) return undefined;
  const key = fold(titled);
  const shown = all(doc, 'h1,h2,h3,[class*=name i],[class*=title i],strong,span,div,p', 3000).find(
    (el) =>
      el.childElementCount <= 1 &&
      (el.textContent?.length ?? 99) < 99 &&
      fold(cleanName(text(el))) === key &&
      !inNoise(el),
  );
  return shown && [titled, nameScore(titled), shown];
}

/** The page's person: named by its heading or title, with what stands around the name. */
function headingPerson(doc: Document, mails: [string, Element][]) {
  const main = mainName(doc);
  if (!main) return null;
  const [name, score, el] = main;
  const key = fold(name);
  const titled = [...titleParts(doc), partsOf(meta(doc, 'og:title'))[0]].some(
    (t) => fold(cleanName(t)) === key,
  );
  const lines = linesAfter(el);
  const role = lines.map(roleLine).find(Boolean);
  const mail =
    mails.find(([e]) => addressNames(e, name))?.[0] ??
    lines.map((l) => EMAIL.exec(l)?.[0]).find((e) => e && addressNames(e, name));
  // the shape alone is not a name: a second signal must back it
  if (score < 0.5 && !titled && !role && !mail) return null;
  // a lookup site's heading names the company it describes ("Acme", "Acme Management"), not a person
  const about = fold(describedCompany(doc));
  if (about && key.includes(about)) return null;
  const og = partsOf(meta(doc, 'og:title'));
  return person(
    'page',
    Math.min(0.85, 0.4 + score * 0.3 + (titled ? 0.1 : 0) + (role ? 0.1 : 0) + (mail ? 0.1 : 0)),
    name,
    role?.[1] ||
      companyLine(lines) ||
      (fold(cleanName(og[0])) === key ? company(og.at(-2) === og[0] ? '' : og[1]) : '') ||
      (mail && writtenCompany(doc, domainCompany(mail))),
    role?.[0],
  );
}

/** Tag and classes of an element and its two parents: cards of one list share it. */
const signature = (el: Element) => {
  const parts: string[] = [];
  for (let e: Element | null = el, i = 0; e && i < 3; e = e.parentElement, i++)
    parts.push(`${e.tagName}.${(e.getAttribute('class') ?? '').split(/\s+/).slice(0, 2).join('.')}`);
  return parts.join('<');
};

// where a card shows its person's name
const NAME_AT =
  'h2,h3,h4,h5,h6,strong,b,figcaption,[class*=name i],[class*=title i],[itemprop=name],span[aria-hidden=true],a[href],dt,td';

/** A place NAME_AT found, as a name place (plain selectors, combinators checked here: cheaper on large pages). */
const namePlace = (el: Element): Element | null =>
  el.tagName === 'FIGCAPTION'
    ? el.firstElementChild
    : (el.tagName === 'SPAN' && el.getAttribute('aria-hidden') === 'true' && !el.closest('a[href]')) ||
        (el.tagName === 'TD' && el.previousElementSibling)
      ? null
      : el;

/**
 * Repeated cards of people: names that share one structure, each in a card of its own with a role line (or a
 * headline) under it. The company is the card's own ("… na Nubank") or the page's.
 */
function cards(doc: Document, pageCo: () => string): Candidate[] {
  const groups = new Map<string, [Element, string, number][]>();
  // the innermost of nested name places (document order puts an ancestor right before its descendants)
  const places: Element[] = [];
  for (const found of all(doc, NAME_AT, 3000)) {
    const el = namePlace(found);
    if (!el) continue;
    if (places.at(-1)?.contains(el)) places[places.length - 1] = el;
    else if (!el.contains(places.at(-1) ?? null)) places.push(el);
  }
  for (const el of places) {
    const [name, score] = nameIn(el);
    if (!score) continue;
    const sig = signature(el);
    const g = groups.get(sig);
    if (g) g.push([el, name, score]);
    else groups.set(sig, [[el, name, score]]);
  }
  const out: Candidate[] = [];
  for (const shaped of groups.values()) {
    if (shaped.length < 2) continue;
    // a sidebar's or a comment thread's names are not the page's, though they may share the list's shape (a list
    // in one region is judged by its ends)
    const group =
      inNoise(shaped[0]![0]) || inNoise(shaped.at(-1)![0]) ? shaped.filter(([el]) => !inNoise(el)) : shaped;
    if (group.length < 2) continue;
    // how many of the list's names each ancestor holds (ten levels up)
    const held = new Map<Element, number>();
    for (const [el] of group)
      for (let a = el.parentElement, up = 0; a && up < 10; a = a.parentElement, up++)
        held.set(a, (held.get(a) ?? 0) + 1);
    const people = group.map(([el, name, score]) => {
      // the card: the largest ancestor holding this name and no other of the list
      let card = el;
      for (let up = 0; up < 10 && card.parentElement && held.get(card.parentElement) === 1; up++)
        card = card.parentElement;
      // "<strong>Ana Souza</strong><br>CEO": the role after a line break in the name's own element
      const lines = linesAfter(el, 5, card);
      if (el.nextElementSibling?.tagName === 'BR') lines.unshift(textAfter(el));
      const i = lines.findIndex((l) => roleLine(l) && !fieldLabel(l));
      const role = roleLine(lines[i] ?? '');
      // "Professora de Operações" / "Fundação Getulio Vargas": the line under the role names where
      // (a name alone, not a sentence: "Na Pipoca desde 2016.", "Built forecasting systems for ten years." name none)
      const after = i < 0 ? '' : (lines[i + 1] ?? '');
      const next = after && companyHead(after) === after ? after : '';
      const below = next && companyLine([next]);
      if (role && below) role[1] = below;
      return { name, score, role, line: lines[i] ?? '', next: role && !role[1] ? next : '' };
    });
    // a list whose people mostly write where they work (speakers) reads "CTO, Agrosmart" the same way; elsewhere
    // what follows the comma is an area ("VP Sales, Latin America")
    if (people.filter((p) => p.role?.[1]).length * 2 >= people.length)
      for (const p of people) {
        const at = p.line.lastIndexOf(', ');
        const co = p.role && !p.role[1] && at > 0 ? company(p.line.slice(at + 2)) : '';
        if (co && !isRole(co)) p.role = [p.line.slice(0, at), co];
      }
    // the line under each role, where the list's cards all have one ("VP Revenue" / "Conta Azul"), names each card's
    // company when the lines differ from card to card (the same "Ver perfil" in every card names none)
    const under = people.every((p) => p.next)
      ? people.map((p) => (p.next.split(' ').length <= 5 ? company(p.next) : ''))
      : [];
    if (under.length && under.every(Boolean) && new Set(under).size * 2 > under.length)
      people.forEach((p, i) => (p.role![1] = under[i]!));
    // a list of people: most have a role, and names read as names beyond their shape
    const withRole = people.filter((p) => p.role).length;
    const strong = people.filter((p) => p.score >= 0.5).length;
    if (withRole * 2 < people.length || strong * 2 < people.length) continue;
    // a company the card writes is surer than the page's (a speaker's own, on an event's page): it outweighs the
    // page's company that the team-page reader gives every card
    for (const p of people.slice(0, 100))
      if (p.role || p.score >= 0.5)
        out.push(person('page', p.role?.[1] ? 0.65 : 0.5, p.name, p.role?.[1] || pageCo(), p.role?.[0])!);
  }
  return found(out);
}

/** Whether a text is a record's field label ("Lead Source", "Origem do lead"): one of its words no job title has. */
export const fieldLabel = (t: string) =>
  fold(t)
    .split(/[^\p{L}]+/u)
    .some((w) => FIELD_WORDS.includes(w));

/**
 * An office written over its holder's name ("Presidente", "1º Secretário", "Chefe de Gabinete", "Senior Editor,
 * Ports"): a short text with a title word (ordinals aside) that is no sentence.
 */
export const office = (t: string) => {
  const s = t.replace(ORDINAL, '');
  return (
    s.length <= 60 &&
    s.split(' ').length <= 6 &&
    !/[.!?:]$/.test(s) &&
    // "Reporter", "Customer contact": an app's box, not an office
    !boxLabel(s) &&
    (isRole(s) ||
      fold(s)
        .split(/[\s,;&/()]+/)
        .some((w) => w.length > 3 && !CONNECTORS.has(w) && roleWord(w)))
  );
};

// where a page writes an office over its holder's name
const OFFICE_AT =
  'h2,h3,h4,h5,h6,strong,b,dt,[class*=office i],[class*=cargo i],[class*=role i],[class*=position i]';

/**
 * The text right after `el`: what follows it in its element (past a line break), else the next element's text; for
 * an element that is all its parent holds ("<p><strong>Cargo</strong></p>"), what follows the parent.
 */
export function textAfter(el: Element): string {
  let t = '';
  for (let n = el.nextSibling; n; n = n.nextSibling) {
    if (n.nodeType === 3) t += n.textContent ?? '';
    else if (n.nodeType === 1 && (n as Element).tagName !== 'BR') {
      if (!tidy(t)) t = text(n as Element);
      break;
    }
  }
  const parent = el.parentElement;
  return (
    tidy(t) ||
    (parent && !parent.matches('body,main,article,section') && text(parent) === text(el)
      ? textAfter(parent)
      : '')
  );
}

/**
 * Offices over their holders' names (a board, a ministry's "who is who", a masthead): a role heading, a bold role
 * or a role element, and right after it a text that reads as a name. Offices of one shape (tag and class) over two
 * known names at least make a list (and most of its names are known ones: the office backs the rest); the company
 * is the page's.
 */
function offices(doc: Document, pageCo: () => string): Candidate[] {
  // offices of one list share their tag and class
  const lists = new Map<string, [name: string, role: string, score: number][]>();
  const seen = new Set<string>();
  for (const el of all(doc, OFFICE_AT, 2000)) {
    const role = text(el);
    if (!office(role) || inNoise(el)) continue;
    const name = cleanName(textAfter(el));
    const score = name ? nameScore(name) : 0;
    if (!score || seen.has(name)) continue;
    seen.add(name);
    const key = `${el.tagName}.${el.getAttribute('class') ?? ''}`;
    const list = lists.get(key);
    if (list) list.push([name, role, score]);
    else lists.set(key, [[name, role, score]]);
  }
  const out: Candidate[] = [];
  for (const held of lists.values()) {
    // the office backs a name of a shape alone where most of the list's names are known ones
    const strong = held.filter(([, , score]) => score >= 0.5).length;
    if (strong >= 2 && strong * 2 >= held.length)
      for (const [n, r] of held.slice(0, 100)) out.push(person('page', 0.5, n, pageCo(), r)!);
  }
  return found(out);
}

/** A partner's or an administrator's qualification as registries write it ("49-Sócio-Administrador", "Diretor · desde 2019"), or ''. */
export function qualification(t: string): string {
  const q = t.replace(/^\d{1,3}\s*[-–]\s*/, '').split(/\s*[·|•,(]\s*|\s[-–]\s/)[0]!;
  return PARTNER_QUALIFICATIONS.includes(fold(q)) ? q : '';
}

/**
 * A company's partners and administrators as registries list them (the QSA), on a page about that company: a name,
 * then right after it its qualification ("Sócio-Administrador", "Diretor", "Conselheiro de Administração"), each a
 * person of the company the page describes. The qualification backs a name of a shape alone ("Egon Kaefer").
 */
function partners(doc: Document, pageCo: () => string): Candidate[] {
  const out: (Candidate | null)[] = [];
  if (!describedCompany(doc)) return [];
  for (const el of all(doc, 'dd,td,p,span,div,li,small,b,strong,em', 3000)) {
    if (el.childElementCount) continue;
    const q = qualification(text(el));
    // the name stands just before it, or before its parent when it is all its parent holds
    const parent = el.parentElement;
    const at =
      el.previousElementSibling ??
      (parent && !parent.matches('body,main,section') && text(parent) === text(el)
        ? parent.previousElementSibling
        : null);
    if (!q || !at || at.childElementCount > 1 || inNoise(el)) continue;
    const name = cleanName(text(at));
    if (name && nameScore(name)) out.push(person('page', 0.7, name, pageCo(), q));
  }
  return found(out);
}

/**
 * Table rows under a header row naming the columns ("Nome | Empresa | Cargo"): a list of people. A column headed by
 * an office ("Diretor(a)", "Secretário") holds its holders' names, known ones only, at the page's company.
 */
function rows(doc: Document, pageCo: () => string): Candidate[] {
  const out: (Candidate | null)[] = [];
  for (const table of all(doc, 'table', 20)) {
    if (inNoise(table)) continue;
    const heads = all(table, 'thead th, tr:first-child th', 20).map(text);
    const head = heads.map(fieldOf);
    const col = (f: Field) => head.indexOf(f);
    const body = all(table, 'tbody tr', 100).map((tr) => all(tr, 'td,th', 20).map(text));
    const firstScore = (i: number) => nameScore(cleanName(body[0]?.[i]));
    // where no name column holds a name ("Contato" holding addresses): of the columns an office heads
    // ("Diretoria", "Diretor(a)"), the one whose first cell is a known name
    const held =
      col('first') < 0 && !(col('full') >= 0 && firstScore(col('full')))
        ? heads.findIndex((h, i) => office(h) && firstScore(i) >= 0.5)
        : -1;
    // "Nome" beside "Sobrenome" is the given name, the two columns one name
    const given = col('first') >= 0 ? col('first') : col('last') >= 0 ? col('full') : -1;
    const named = held >= 0 ? held : given < 0 ? col('full') : -1;
    if (named < 0 && given < 0) continue;
    for (const cells of body) {
      const name = named >= 0 ? cells[named] : `${cells[given] ?? ''} ${cells[col('last')] ?? ''}`;
      const score = nameScore(cleanName(name));
      if (held >= 0 ? score >= 0.5 : score)
        out.push(
          person(
            'page',
            0.5,
            name,
            company(cells[col('company')]) || domainCompany(cells[col('email')]) || pageCo(),
            cells[col('role')] ?? (held >= 0 ? heads[held] : undefined),
          ),
        );
    }
  }
  return found(out);
}

/** Whether a text ends with what an app writes after the viewer's own name: "(você)", "(Host, me)". */
const viewerMark = (t: string) =>
  fold(/\(([^()]{1,30})\)\s*$/.exec(t)?.[1] ?? '')
    .split(/[\s,;]+/)
    .some((w) => VIEWER_MARKS.includes(w));

// a row's tag and first class: rows of one list share it
const kind = (e: Element) => `${e.tagName}.${(e.getAttribute('class') ?? '').split(' ')[0]}`;

/**
 * Lists of people where one row is the viewer's own (a call's participants, a meeting's roster): the viewers' folded
 * names, and the list's other rows, each with the path from the row to its name. A row is the viewer's name's
 * ancestor whose parent holds rows of its tag and class. Once per reading (asked by `others` and by `extract`).
 */
const rosters = (doc: Document) => once(doc, 'rosters', () => rostersOf(doc));

function rostersOf(doc: Document): { viewers: string[]; rows: [Element, number[]][] } {
  const viewers: string[] = [];
  const rows: [Element, number[]][] = [];
  for (const el of all(doc, 'span,div,p,li,strong,b,td', 3000)) {
    if (el.childElementCount) continue;
    // the tag's text only when it may end in a parenthesis: most of a large page is passed over unread
    const raw = el.textContent ?? '';
    if (raw.length > 80 || !raw.includes(')') || !viewerMark(tidy(raw))) continue;
    // the mark in the name's text, or after it ("Ana Souza" + "(você)")
    let at: Element | null = cleanName(text(el)) ? el : el.previousElementSibling;
    const name = cleanName(text(at));
    if (!at || !name || !nameScore(name)) continue;
    viewers.push(fold(name));
    const path: number[] = [];
    for (let up = 0; up < 6 && at.parentElement; up++, at = at.parentElement) {
      const list = at.parentElement;
      const same = Array.from(list.children).filter((c) => kind(c) === kind(at!));
      if (same.length > 1) {
        if (!inNoise(list))
          rows.push(...same.filter((c) => c !== at).map((c) => [c, path] as [Element, number[]]));
        break;
      }
      path.unshift(Array.from(list.children).indexOf(at));
    }
  }
  return { viewers, rows };
}

/** The people of a list with the viewer's own row: every other row's name, at the company written beside it. */
function roster(doc: Document): Candidate[] {
  const out: (Candidate | null)[] = [];
  for (const [row, path] of rosters(doc).rows.slice(0, 100)) {
    let el: Element | undefined = row;
    for (const i of path) el = el?.children[i];
    const t = text(el);
    const [name, co] = nameWith(t);
    if (!name || viewerMark(t) || !nameScore(name)) continue;
    out.push(person('page', 0.5, name, co));
  }
  return found(out);
}

/**
 * Whom a booking or a meeting is with, at the end of the page's title or of a heading ("Confirmed: Demo with Ana
 * Souza", "Reunião com Ana Souza"): a known given name.
 */
function withWhom(doc: Document): Candidate[] {
  const texts = [...titleParts(doc), ...all(doc, 'h1,h2,h3', 10).map(text)];
  const out: (Candidate | null)[] = [];
  for (const t of texts) {
    const words = t.split(' ');
    const at = words.findLastIndex((w) => WITH_WORDS.includes(w.toLowerCase()));
    const name = at < 0 ? '' : cleanName(words.slice(at + 1).join(' '));
    if (name && nameScore(name) >= 0.5) out.push(person('page', 0.6, name, ''));
  }
  return found(out);
}

export const page: Extractor = {
  id: 'page',
  // the viewer's own row in a list of people is not the page's person
  others: (doc) => rosters(doc).viewers,
  extract(doc, url) {
    const mails = addresses(doc);
    // worked out only for a list of people that needs it
    let co: string | undefined;
    const pageCo = () => (co ??= pageCompany(doc));
    const main = headingPerson(doc, mails);
    return found([
      main,
      // a registry's qualification is surer of where a partner is than a line a list shows ("… no Exterior"), even
      // a card's own company line (0.7 against 0.65)
      ...partners(doc, pageCo),
      ...roster(doc),
      ...withWhom(doc),
      ...rows(doc, pageCo),
      // a page whose address names its person (a speaker's, a member's own page) shows others' cards only as "see also"
      ...(main && addressed(url, `${main.primeiro_nome} ${main.ultimo_nome}`) ? [] : cards(doc, pageCo)),
      ...offices(doc, pageCo),
    ]);
  },
};
