// What a built reader module does when a content script loads it: run its entrypoint. The test's `getURL` queues
// the built file in `globalThis.loading` and gives each load its own address, so each load runs, as in a new page;
// several load at once, each running the next file asked for.
import crm from '@/entrypoints/extract-crm';
import generic from '@/entrypoints/extract-generic';
import github from '@/entrypoints/extract-github';
import linkedin from '@/entrypoints/extract-linkedin';
import pageModule from '@/entrypoints/extract-page';
import fieldsModule from '@/entrypoints/extract-fields';
import mailModule from '@/entrypoints/extract-mail';
import coreModule from '@/entrypoints/extract-core';
import webmail from '@/entrypoints/extract-webmail';
import meeting from '@/entrypoints/extract-meeting';
import words from '@/entrypoints/extract-words';
import names from '@/entrypoints/extract-names';

const modules: Record<string, { main(): void }> = {
  '/extract-linkedin.js': linkedin,
  '/extract-github.js': github,
  '/extract-crm.js': crm,
  '/extract-webmail.js': webmail,
  '/extract-meeting.js': meeting,
  '/extract-generic.js': generic,
  '/extract-words.js': words,
  '/extract-names.js': names,
  '/extract-page.js': pageModule,
  '/extract-core.js': coreModule,
  '/extract-fields.js': fieldsModule,
  '/extract-mail.js': mailModule,
};

const file = (globalThis as { loading?: string[] }).loading?.shift() ?? '';
if (!modules[file]) throw new Error(`no module ${file}`);
modules[file].main();
