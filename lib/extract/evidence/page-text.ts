import { all, meta, once, text } from '../dom';
import {
  couldBeCompany,
  hasCompanyWord,
  hasRoleWord,
  inNoise,
  isPageWord,
  isPlatform,
  isRole,
  nameScore,
} from './judge';
import { EMAIL } from '../email-name';
import { siteOrganization } from './jsonld';
import { cleanCompany, cleanName, splitRole, tidy } from '../names';
import { DESCRIBED_PHRASES, OWN_WORDS } from '../rules/words';
import { fold } from '../../text';

/*
 * What a page's texts say, whichever reader asks: the company a text names, the page's own company (or the one a
 * lookup site's page describes), a role and a company from a line under a name, the lines under an element, the
 * title's parts, the mail addresses shown. Carried once, by the core module (lib/extract/site.ts CORE), for every
 * reader module that reads them.
 */

/** The company a text names, or '' when it is a place, a phone, a role, a platform, a person's name or nothing. */
export const company = (raw: unknown) => {
  const c = cleanCompany(raw);
  return c && couldBeCompany(c) && !isPlatform(c) && (hasCompanyWord(c) || nameScore(c) < 0.9) ? c : '';
};

/** A line that names a company by its words ("Votorantim Cimentos S.A.", "Bluewave Shipping Ltd"). */
export const companyLine = (lines: string[]) =>
  lines
    .filter((l) => l.length <= 60 && l.split(' ').length <= 6)
    .map(company)
    .find((l) => l && hasCompanyWord(l) && !isRole(l));

/** An element's texts, one a line: where markup puts two texts side by side ("… LLC" + "Privacy"), two lines. */
function textLines(el: Node, depth = 0): string {
  let out = '';
  // 400 levels down at most: a deeper page never overflows the call stack (browsers stop nesting at 512)
  for (let n = el.firstChild; n && depth < 400; n = n.nextSibling)
    out +=
      n.nodeType === 3 ? (n.textContent ?? '') : n.nodeType === 1 ? `\n${textLines(n, depth + 1)}\n` : '';
  return out;
}

/** "© 2024 Acme Ltda. Todos os direitos reservados." -> "Acme Ltda."; the holder's name ends with its own text. */
function copyright(doc: Document): string {
  const holders = all(doc, 'footer,[class*=footer i],[class*=copyright i],[id*=footer i]', 20);
  const texts = holders.length
    ? holders.map((h) => textLines(h))
    : [doc.body?.textContent?.slice(-3000) ?? ''];
  for (const t of texts) {
    const m =
      /(?:©|\(c\)|copyright)\s*(?:copyright\s*)?(?:\d{4}\s*(?:[-–]\s*\d{4}\s*)?)?[,.]?\s*([^|·•\n]{2,80}?)[^\S\n]*(?:[.|·•]\s|[.]$|\n|todos os direitos|all rights|direitos reservados|-\s|$)/i.exec(
        t,
      );
    const c = company(tidy(m?.[1]?.replace(/\s*\d{4}$/, '')));
    if (c) return c;
  }
  return '';
}

/**
 * The page's own company: its schema.org Organization, og:site_name, the © line; never a platform. On a platform's
 * page about an organisation ("TOTVS: Pessoas | LinkedIn"), the title's part that names it. On a lookup site's page
 * (a contact finder, a B2B directory, a company registry), the company it describes, never the site's own brand.
 */
export const pageCompany = (doc: Document): string =>
  once(doc, 'page company', () => {
    const own = company(siteOrganization(doc)) || company(meta(doc, 'og:site_name')) || copyright(doc);
    const about = describedCompany(doc);
    if (about && !sameName(about, own)) return about;
    if (own) return own;
    const parts = titleParts(doc);
    return parts.some(isPlatform) && parts.length > 2
      ? (parts.map(company).find((p) => p && !isPageWord(p) && !nameScore(p) && !/["“”]/.test(p)) ?? '')
      : '';
  });

/** Two names of one organisation ("Acme" and "Acme Ltda"): one folded name holds the other. */
export const sameName = (a: string, b: string) => {
  const [x, y] = [fold(a), fold(b)];
  return !!x && !!y && (x.includes(y) || y.includes(x));
};

/**
 * A text that names an organisation, not a person, a role, a place or the page itself: a company word ("Ltda",
 * "Cooperativa"), or a proper name of several words that begins with no known given name; '' otherwise.
 */
function organisation(raw: string): string {
  const c = company(raw);
  const words = c.split(' ');
  return c &&
    !isPageWord(c) &&
    !OWN_WORDS.includes(fold(words[0]!)) &&
    (hasCompanyWord(c) ||
      (nameScore(c) < 0.5 &&
        !hasRoleWord(c) &&
        words.length > 1 &&
        words.every((w) => /^[\p{Lu}&\d]|^(?:d[aeo]s?|e|of|and)$/u.test(w))))
    ? c
    : '';
}

// DESCRIBED_PHRASES as patterns of folded text, built on first use
let phrases: RegExp[] | undefined;
/** The word each phrase cannot do without ("employees", "socios"): a text with none of them is passed over. */
const PHRASE_WORDS = [...new Set(DESCRIBED_PHRASES.map((p) => p.replace('…', '').trim().split(' ')[0]!))];

/** The company a heading's or a title's phrase names ("Acme Employees", "Sócios da Acme Ltda"), or ''. */
function phraseCompany(raw: string): string {
  const t = tidy(raw);
  const f = fold(t);
  // folding keeps the text's length (accents off, lower case): the match's place is the original's
  if (f.length !== t.length || !PHRASE_WORDS.some((w) => f.includes(w))) return '';
  phrases ??= DESCRIBED_PHRASES.map(
    (p) =>
      new RegExp(
        `^${p
          .replace(/ de …$/, ' d[aeo]s? …')
          .replace(/ na …$/, ' n[ao] …')
          .replace('…', '(.+?)')}$`,
      ),
  );
  for (const re of phrases) {
    const m = re.exec(f);
    if (m) {
      const at = f.indexOf(m[1]!, m[0].indexOf(m[1]!));
      return organisation(t.slice(at, at + m[1]!.length));
    }
  }
  return '';
}

/**
 * The company a lookup site's page describes, from what such pages have in common: a heading or the title naming
 * whose people are listed ("Acme Employees", "Funcionários da Acme", "Sócios de Acme"); else its first heading, when
 * it names an organisation and the title begins with it, with a company word or the site's own name (or a platform's)
 * at the title's end ("Acme Ltda - CNPJ … | ConsultaSócios"). '' where the page describes no company.
 */
export const describedCompany = (doc: Document): string =>
  once(doc, 'described company', () => {
    const parts = titleParts(doc);
    const heads = all(doc, 'h1,h2,h3', 30).filter((h) => !inNoise(h));
    for (const t of [...heads.map(text), ...parts])
      for (const piece of t.split(/\s*[|·•:–—]\s*|\s-\s/)) {
        const c = phraseCompany(piece);
        if (c) return c;
      }
    const h1 = text(heads.find((h) => h.tagName === 'H1'));
    const about = organisation(h1);
    const [first = '', last = ''] = [parts[0], parts.at(-1)];
    const own = siteOrganization(doc) || meta(doc, 'og:site_name');
    return about &&
      parts.length > 1 &&
      (fold(first) === fold(about) || fold(first).startsWith(`${fold(about)} `)) &&
      (hasCompanyWord(about) || isPlatform(last) || (!!own && sameName(own, last)))
      ? about
      : '';
  });

/**
 * The page title's segments ("(3) Nubank: Pessoas | LinkedIn" -> ["Nubank", "Pessoas", "LinkedIn"]); a parenthesis
 * is a segment ("Ana Souza (@ana) / X" -> ["Ana Souza", "@ana", "X"]).
 */
export const titleParts = (doc: Document) =>
  tidy(doc.title)
    .replace(/^\(\d+\+?\)\s*/, '')
    .split(/\s*(?:[|:–—()]|\s[-/]\s)\s*/)
    .filter(Boolean);

/** Mail addresses on the page with the element that carries each (outside noise), in the page's order. */
export function addresses(doc: Document): [email: string, el: Element][] {
  const out: [string, Element][] = [];
  for (const el of all(doc, 'a[href^="mailto:" i],[email],[title*="@"],[data-hovercard-id*="@"]', 300)) {
    const raw =
      el.getAttribute('email') ??
      el.getAttribute('data-hovercard-id') ??
      (el.getAttribute('href') ?? '').replace(/^mailto:/i, '').split('?')[0] ??
      '';
    const email = EMAIL.exec(raw)?.[0] ?? EMAIL.exec(el.getAttribute('title') ?? '')?.[0];
    if (email && !inNoise(el)) out.push([email.toLowerCase(), el]);
  }
  return out;
}

/**
 * The company a text begins with, where prose goes on after it: "Receba Fácil, 12 anos…", "LocalizaCorp. CX…",
 * "Doce Bittencourt 🍰 Encomendas", "Universidade Federal do Vale e coordena…" (a lower-case word that is no
 * particle ends it); "Ambev S.A." keeps its dots.
 */
export const companyHead = (s: string) =>
  s
    .split(
      /[,;!?]\s|(?<![\s.]\p{Lu}|\b(?:Ltda|Inc|Ltd|Co|Corp))\.(?:\s|$)|(?<=\b(?:Ltda|Inc|Ltd|Corp|S\.A)\.)\s|\s[\p{So}\p{Cs}]|\s(?!(?:d[aeo]s?|e|of|and|y|del?|van|von|di|du)\s)\p{Ll}/u,
    )[0]!
    .replace(/\s+(?:d[aeo]s?|e|of|and|y|&)$/, '');

/** Whether a text names a role: it begins with a title word ("VP …") or has one ("Transformando vendas, Head"). */
const roleIn = (t: string) => isRole(t) || hasRoleWord(t);

/**
 * A role and a company from a line under a name: "Head de Vendas na Nubank", "CTO | Acme", "Gerente",
 * "Vice-presidente de Operações da Fertilizantes Aurora", "Chief Executive Officer of Kestrel Freight".
 */
export function roleLine(line: string): [title: string, company: string] | undefined {
  const s = tidy(line);
  if (!s || EMAIL.test(s)) return undefined;
  // a paragraph: the first of its sentences that names a role and where
  if (s.length > 160)
    return s
      .split(/(?<=\p{Ll}[.!?])\s+/u)
      .slice(0, 4)
      .map((t) => (t.length > 160 ? undefined : roleLine(t)))
      .find((r) => r?.[1]);
  const parts = s
    .split(/\s*[|•·,]\s*|\s[-–—]\s/)
    .map((p) => p.replace(/^(?:atual|current|cargo atual)\s*:\s*/i, ''));
  // "… Head de Vendas na Nubank | …": the line, or the part of it, that says where
  for (const part of [s, ...parts]) {
    const [title = '', where = ''] = splitRole(part) ?? [];
    if (title && roleIn(title)) return [title, company(companyHead(where))];
    // "… de Operações da Fertilizantes Aurora", "… Officer of Kestrel": where a name follows, not an area
    for (const m of part.matchAll(/ (?:of|da|do) (?=[\p{Lu}@])/gu)) {
      const [role, of] = [part.slice(0, m.index), part.slice(m.index + m[0].length)];
      const co = company(companyHead(of));
      // "Atualmente é Professor Associado da …": the role without the sentence before it
      if (co && roleIn(role) && !isRole(of) && !/[,|•·–—]/.test(role))
        return [role.replace(/^.*\s(?:é|is|as|como)\s/u, ''), co];
    }
  }
  // "CIO | Grupo Pão de Açúcar | Varejo": a company only where its words say so, not the area ("ERP Protheus")
  if (isRole(parts[0]!)) return [parts[0]!, companyLine(parts.slice(1)) ?? ''];
  return undefined;
}

/**
 * The lines of text under `el`, up to `max`: its next siblings, then its parent's; within `card` when given (as
 * deep as it is), else three levels up.
 */
export function linesAfter(el: Element, max = 4, card?: Element): string[] {
  const out: string[] = [];
  for (
    let at: Element | null = el, up = 0;
    at && at !== card && up < (card ? 10 : 3) && out.length < max;
    at = at.parentElement, up++
  )
    for (let n = at.nextElementSibling; n && out.length < max; n = n.nextElementSibling)
      // a list's items are lines of their own ("Gerente Industrial", "Cooperativa Sul Rio", "Ijuí, RS")
      for (const line of /^[UO]L$/.test(n.tagName) ? Array.from(n.children, text) : [text(n)])
        if (line && line.length < 200 && out.length < max) out.push(line);
  return out;
}

/** A text's name and, after a separator, the company people write beside it ("Ana Souza | Nubank"). */
export function nameWith(t: string): [name: string, company: string] {
  return [cleanName(t), company(t.split(/\s[|–—•·]\s|\s-\s/)[1])];
}
