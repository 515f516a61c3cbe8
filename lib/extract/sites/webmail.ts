import type { Extractor } from '../types';
import { all, text } from '../dom';
import { cleanName, found, person, tidy } from '../names';
import { splitLine } from '../selection';
import { FREE_MAIL, NOT_SIGNATURE } from '../rules/words';
import { MAIL_DOMAIN } from '../rules/address';
import { titleAddress } from '../email-name';
import { fold } from '../../text';
import { googleCalendar } from './calendar';
import { WEBMAIL_HOSTS } from './webmail-hosts';
import { defineSite, MEETING_MODULE } from '../site';

/** The message's own lines of text, up to the quoted reply. */
function lines(root: Element): string[] {
  let out = '';
  let quote = false;
  // an explicit stack, not recursion: 5,000 nested elements never overflow the call stack
  const stack: (Node | string)[] = [];
  const children = (of: Node) => {
    for (let n = of.lastChild; n; n = n.previousSibling) stack.push(n);
  };
  children(root);
  while (stack.length && !quote && out.length <= 5e4) {
    const n = stack.pop()!;
    if (typeof n === 'string') {
      out += n;
      continue;
    }
    if (n.nodeType === 3) out += n.nodeValue;
    if (n.nodeType !== 1 || /^(SCRIPT|STYLE)$/.test(n.nodeName)) continue;
    const el = n as Element;
    // Gmail's gmail_quote, Outlook's appendonsend and divRplyFwdMsg, a rule or a blockquote start the quote
    quote =
      /^(BLOCKQUOTE|HR)$/.test(n.nodeName) ||
      /quote|appendonsend|rply/i.test(el.id + el.getAttribute('class'));
    const block = /^(DIV|P|BR|LI|TR|TD|H\d)$/.test(n.nodeName) ? '\n' : '';
    out += block;
    stack.push(block);
    children(el);
  }
  return out
    .split('\n')
    .map((l) => tidy(l))
    .filter(Boolean);
}

/**
 * The sender, with title and company from the signature (the sender's name line and up to two lines after it),
 * else the company of the mail domain ("ana@mail.nubank.com.br" -> "Nubank").
 */
function sender(source: string, displayName: string, email: string | null, body?: Element | null) {
  const name = cleanName(displayName.replace(/<.*>?/, ''));
  const domain = MAIL_DOMAIN.exec(email ?? '')?.[1] ?? '';
  const ours = FREE_MAIL.includes(domain.toLowerCase()) ? '' : domain.replace(/^./, (c) => c.toUpperCase());
  const ls = body && name ? lines(body).slice(-20) : [];
  const at = ls.findLastIndex((l) => fold(splitLine(l)[0]).startsWith(fold(name)));
  const info = ls
    .slice(at + 1, at + 6)
    // not a sentence (a footer's "Antes de imprimir, pense no meio ambiente.")
    .filter((l) => !NOT_SIGNATURE.test(l) && l.split(' ').length <= 6)
    .slice(0, 2);
  let [, title = '', company = ''] = at < 0 ? [] : splitLine([ls[at], ...info].join(' | '));
  // a single line after the name is the title, unless it names the domain's company
  if (!info[1] && !title && !(ours && fold(company).includes(fold(ours)))) [title, company] = [company, ''];
  return found([person(source, company ? 0.8 : 0.6, name, company || ours, title)]);
}

export const gmail: Extractor = {
  id: 'gmail',
  matches: (url) => url.hostname === 'mail.google.com',
  extract(doc) {
    // the account's own address is in the title ("Assunto - ana@acme.com - Gmail"): its replies are the viewer's
    const viewer = fold(titleAddress(doc.title));
    // one sender per expanded message; the last is the newest
    const from = all(doc, '.gD[email]', 300)
      .filter((el) => fold(el.getAttribute('email') ?? '') !== viewer)
      .at(-1);
    return from
      ? sender(
          'gmail',
          from.getAttribute('name') || text(from),
          from.getAttribute('email'),
          from.closest('.gs')?.querySelector('.a3s'),
        )
      : [];
  },
  // the mailbox's list of conversations (its rows, `tr.zA`): their senders are not the person on screen
  others: (doc) =>
    all(doc, 'tr.zA [email]', 300).map((el) => fold(cleanName(el.getAttribute('name') || text(el)))),
};

/** An address's domain, or the whole address when it is free mail (an owner's colleagues share a company's). */
const domain = (address: string | null | undefined) => {
  const [, d = ''] = fold(address ?? '').split('@');
  return FREE_MAIL.includes(d.split('.')[0]!) ? fold(address ?? '') : d;
};

export const outlook: Extractor = {
  id: 'outlook',
  matches: (url) => /^outlook\.(office|office365|live)\.com$|^outlook\.cloud\.microsoft$/.test(url.hostname),
  extract(doc) {
    const pane =
      doc.querySelector('#ReadingPaneContainerId,[data-app-section=MailReadCompose],[role=main]') ?? doc;
    // the sender's name carries its address in a title, before the recipients'; never the owner (the account
    // button's address) nor a colleague on the owner's domain
    const own = domain(doc.querySelector('[id*=MainLink_Me i] [title*="@"]')?.getAttribute('title'));
    const [from, ...guests] = all(pane, '[title*="@"]', 50).filter(
      (el) =>
        cleanName(text(el)) &&
        !/^(?:para|to|cc)\b/i.test(tidy(el.parentElement?.textContent)) &&
        (!own || domain(el.getAttribute('title')) !== own),
    );
    if (!from) return [];
    const name = fold(cleanName(text(from)));
    return [
      ...sender(
        'outlook',
        text(from),
        from.getAttribute('title'),
        // the body of the sender's own message, in a conversation of several
        (from.closest('[role=document]') ?? pane).querySelector(
          '[aria-label="Message body" i],[aria-label="Corpo da mensagem" i]',
        ),
      ),
      // an invitation's guests (not its To/Cc lines): their company is the other readers' to find
      ...found(
        guests
          .filter((el) => fold(cleanName(text(el))) !== name)
          .map((el) => person('outlook', 0.4, text(el))),
      ),
    ];
  },
};

/**
 * Gmail and Outlook: the open message's sender and recipients; their readers decide who is listed there. Google
 * Calendar too: it has no script of its own (a declared one would ask for its site at install); this module is
 * injected there on the user's gesture, like the generic reader elsewhere. Its pages load the meeting reader beside it
 * (lib/extract/sites/calendar.ts).
 */
export default defineSite({
  id: 'webmail',
  hosts: WEBMAIL_HOSTS,
  readers: [gmail, outlook, googleCalendar],
  claims: 'people',
  also: [MEETING_MODULE],
});
