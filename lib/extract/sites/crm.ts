import type { Extractor } from '../types';
import { all, pick, text } from '../dom';
import { found, person } from '../names';
import { CRM_COMPANY_LABEL, CRM_TITLE_LABEL } from '../rules/words';
import { defineSite } from '../site';

/** The value shown next to a field label ("Empresa", "Account Name"): the label's next sibling, or its parent's. */
const field = (doc: Document, label: RegExp) =>
  all(doc, 'dt,th,label,[class*=label i],.slds-text-title', 300)
    .filter((el) => label.test(text(el).replace(/[:*]/g, '')))
    .map((el) => text(el.nextElementSibling) || text(el.parentElement?.nextElementSibling))
    .find(Boolean);

/**
 * A contact record: its title (selectors tried in turn, `;` between them), else the document title
 * ("Ana Souza | Contato | Salesforce").
 */
const crm = (id: string, url: RegExp, name: string, company: string): Extractor => ({
  id,
  matches: (u) => url.test(u.hostname + u.pathname),
  extract: (doc) =>
    found([
      person(
        id,
        0.9,
        name
          .split(';')
          .map((sel) => pick(doc, sel))
          .find(Boolean) || doc.title.split(/ [|–-] /)[0],
        pick(doc, company) || field(doc, CRM_COMPANY_LABEL),
        field(doc, CRM_TITLE_LABEL),
      ),
    ]),
});

export const crms = [
  // the associated company is a link to its record (object type 0-2)
  crm(
    'hubspot',
    /(^|\.)hubspot\.com\/contacts\/\d+\/(record\/0-1|contact)\//,
    '[data-selenium-test=highlightTitle]',
    'a[href*="/record/0-2/"]',
  ),
  crm(
    'pipedrive',
    /\.pipedrive\.com\/person\//,
    '[data-testid=header-title],.descriptionHead h1',
    'a[href*="/organization/"]',
  ),
  crm(
    'rdstation',
    /^(crm\.rdstation\.com|plugcrm\.net)\/.*contacts\//,
    '.contact-name,main h1',
    'a[href*="/organizations/"]',
  ),
  crm(
    'salesforce',
    /\.lightning\.force\.com\/lightning\/r\/(Contact|Lead)\//,
    // the name's own element: the heading also holds the record type ("Contact"), with no space before the name
    'records-highlights2 h1 lightning-formatted-name;records-highlights2 h1,.slds-page-header__title',
    'records-highlights2 a[href*="/Account/"]',
  ),
];

/** The CRMs' contact records; their readers decide who is listed there. */
export default defineSite({
  id: 'crm',
  hosts: ['*.hubspot.com', '*.pipedrive.com', 'crm.rdstation.com', 'plugcrm.net', '*.lightning.force.com'],
  readers: crms,
  claims: 'people',
});
