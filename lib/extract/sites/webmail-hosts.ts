/**
 * Where the web mail site's script is declared (its definition, lib/extract/sites/webmail.ts). Apart from the
 * definition because the side panel needs them too (it keeps the person it shows when the seller writes there,
 * lib/panel/carry.ts) and must not carry the readers the definition imports.
 */
export const WEBMAIL_HOSTS = [
  'mail.google.com',
  'outlook.office.com',
  'outlook.office365.com',
  'outlook.live.com',
  'outlook.cloud.microsoft',
];
