import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { analysedBeside } from './beside';
import { humanDoubleClick } from './gesture';
import { clearRecorder, crmPage, fields, model, recorded } from './crm-pages';
import { clickToolbarIcon, openPanel, openTab, setSettings } from './sidepanel.helpers';

/*
 * "Inserir no CRM" through the built extension: Ana's analysis (a real lookup against the sandbox) opened in the
 * side panel beside a CRM record served under its real address, with the note editor open and the other fields a
 * record page has. The page's recorder says what each field heard and where the DOM changed; the editor's own model
 * says what the site would save.
 */

const crm = test.extend<{
  noteBeside: (url: string, page: string) => Promise<{ site: Page; panel: Page; summary: string[] }>;
}>({
  noteBeside: async ({ admin, useKey, openPage, context, serviceWorker }, use) => {
    await use(async (url, name) => {
      const { site, panel } = await analysedBeside(
        { admin, useKey, openPage, context, serviceWorker },
        url,
        crmPage(name),
      );
      // the summary as the panel shows it before inserting (its wording: tests/unit/properties/crm-summary…)
      const summary = (await panel.getByTestId('crm-summary').textContent())!.split('\n');
      expect(summary[0]).toBe('Ana Souza — Nubank');
      expect(summary[1]).toMatch(/^Análise Completa de /);
      expect(summary).toContainEqual(expect.stringMatching(/^MBTI: [EI][NS][TF][JP]$/));
      expect(summary).toContainEqual(expect.stringMatching(/^OCEAN: Abertura \d+, /));
      expect(summary.at(-1)).toBe('Gerado por Perfil Intel');
      return { site, panel, summary };
    });
  },
});

crm.describe.configure({ timeout: 120_000 });

/** The fields other than the note `note`, as they are now. */
const others = async (site: Page, note = 'note') => {
  const all = await fields(site);
  delete all[note];
  return all;
};

/**
 * Inserts with a person's double click (two clicks 150 ms apart: the second belongs to the same gesture), checking
 * that the DOM changed in the note alone and no other field heard anything or changed.
 */
async function insertAlone(site: Page, panel: Page, note = 'note') {
  const before = await others(site, note);
  await clearRecorder(site);
  // the seller clicks in the panel, which is in view beside the page; the first insertion may still be on its way
  // (the button is busy) at the second click, or already done
  await panel.bringToFront();
  await humanDoubleClick(panel, panel.getByTestId('crm-insert'));
  await expect(panel.getByTestId('crm-insert-result')).toContainText('Inserido na anotação.');
  const seen = await recorded(site);
  expect(seen.mutated.filter((f) => f !== note)).toEqual([]);
  expect(seen.events.filter((e) => e.field !== note)).toEqual([]);
  expect(await others(site, note)).toEqual(before);
  return seen;
}

const saveEnabled = (site: Page) => expect(site.locator('[data-save]')).toBeEnabled();
/** How many times the summary's closing line is in the note (its model: a text or a list of blocks). */
const once = (value: unknown) =>
  (Array.isArray(value) ? value.join('\n') : String(value)).split('Gerado por Perfil Intel').length - 1;

crm(
  'HubSpot (Draft.js): the seller last clicked a comment box; the open note gets the summary, one block per line',
  async ({ noteBeside }) => {
    const { site, panel, summary } = await noteBeside(
      'https://app.hubspot.com/contacts/4412345/record/0-1/51',
      'hubspot-contact-note',
    );
    await expect(site.locator('[data-save]')).toBeDisabled();
    // The seller's focus is in another note's comment box: that box is not the note.
    await site.locator('[data-field=comment]').click();
    const seen = await insertAlone(site, panel);
    // The editor's own model has the summary, one block per line, from one paste it handled.
    expect(await model(site)).toEqual(summary);
    expect(seen.events).toContainEqual(
      expect.objectContaining({ type: 'paste', field: 'note', data: summary.join('\n') }),
    );
    await saveEnabled(site);

    // Undo in the site's editor takes the summary back, and only it.
    await site.bringToFront();
    await site.locator('#note-editor').focus();
    await site.keyboard.press('Control+z');
    await expect.poll(() => model(site)).toEqual(['']);
  },
);

test('right after an analysis of the record’s contact: the panel detects her, analyses, and the summary goes into the note', async ({
  admin,
  useKey,
  openPage,
  context,
  serviceWorker,
}) => {
  test.setTimeout(120_000);
  await setSettings(serviceWorker, { language: 'pt' });
  await useKey(await admin.account({ tier: 'complete', credits: 20 }));
  const { page: site, tabId } = await openTab(
    context,
    serviceWorker,
    'https://app.hubspot.com/contacts/4412345/record/0-1/51',
    crmPage('hubspot-contact-note'),
  );
  const panel = await openPanel(openPage, tabId);
  await expect(panel.getByTestId('run')).toHaveAttribute('data-quoting', 'false');
  await panel.getByTestId('run').click();
  await expect(panel.getByTestId('result')).toHaveAttribute('data-via', 'lookup', { timeout: 30_000 });
  const summary = (await panel.getByTestId('crm-summary').textContent())!.split('\n');
  expect(summary[0]).toBe('Fernanda Ribeiro — TOTVS');
  await site.locator('#note-editor').click();
  await insertAlone(site, panel);
  expect(await model(site)).toEqual(summary);
});

crm(
  'Pipedrive (ProseMirror): after what the seller wrote, at the caret, in paragraphs of its own; undo keeps theirs',
  async ({ noteBeside }) => {
    const { site, panel, summary } = await noteBeside(
      'https://acme.pipedrive.com/person/4821',
      'pipedrive-person-note',
    );
    await site.locator('.ProseMirror p').click();
    await site.keyboard.press('End');
    await insertAlone(site, panel);
    expect(await model(site)).toEqual(['Ligou hoje; pediu proposta até sexta.', ...summary]);
    await saveEnabled(site);

    await site.bringToFront();
    await site.locator('.ProseMirror').focus();
    await site.keyboard.press('Control+z');
    await expect.poll(() => model(site)).toEqual(['Ligou hoje; pediu proposta até sexta.']);
  },
);

crm(
  'Salesforce (Quill): focus in the note’s title, the body gets the summary as Quill lines, the title stays',
  async ({ noteBeside }) => {
    const { site, panel, summary } = await noteBeside(
      'https://acme.lightning.force.com/lightning/r/Contact/003Hs00000AbCdE/view',
      'salesforce-contact-note',
    );
    await site.locator('[data-field=note-title]').fill('Reunião de descoberta');
    await insertAlone(site, panel);
    expect(await model(site)).toEqual(summary);
    expect((await fields(site))['note-title']).toBe('Reunião de descoberta');
    await saveEnabled(site);

    await site.bringToFront();
    await site.locator('.ql-editor').focus();
    await site.keyboard.press('Control+z');
    await expect.poll(async () => ((await model(site)) as string[]).join('')).toBe('');
  },
);

crm(
  'two notes open and the focus in neither: asks which; the one the seller clicks into gets it',
  async ({ noteBeside }) => {
    const { site, panel, summary } = await noteBeside(
      'https://acme.lightning.force.com/lightning/r/Contact/003Hs00000AbCdE/view?duas=1',
      'salesforce-contact-note',
    );
    await site.locator('[data-field=search]').click();
    const before = await fields(site);
    await clearRecorder(site);
    await panel.getByTestId('crm-insert').click();
    await expect(panel.getByTestId('crm-insert-result')).toHaveText(
      'Há mais de uma anotação aberta: clique dentro da que quer usar e clique de novo.',
    );
    expect(await fields(site)).toEqual(before);
    expect(await recorded(site)).toEqual({ events: [], mutated: [] });

    await site.locator('#note-body-2 .ql-editor').click();
    // a person's click back in the panel comes later than a double click's 500 ms (lib/compose/gesture.ts)
    await panel.waitForTimeout(600);
    await insertAlone(site, panel, 'note-2');
    expect(await site.evaluate(() => (window as unknown as { __model2(): string[] }).__model2())).toEqual(
      summary,
    );
    expect(await model(site)).toEqual(['']);
  },
);

crm(
  'RD Station CRM (text area): lines at the caret between the seller’s two lines, as typed text with undo',
  async ({ noteBeside }) => {
    const { site, panel, summary } = await noteBeside(
      'https://crm.rdstation.com/app/deals/64adafd6f7be470020761b33',
      'rdstation-deal-annotation',
    );
    const first = 'Reunião marcada para terça.';
    await site.locator('[data-field=note]').evaluate((a: HTMLTextAreaElement, at) => {
      a.focus();
      a.setSelectionRange(at, at);
    }, first.length);
    const seen = await insertAlone(site, panel);
    expect(await model(site)).toBe(`${first}\n${summary.join('\n')}\nPróximo passo: proposta.`);
    expect(seen.events).toContainEqual(
      expect.objectContaining({ type: 'input', inputType: 'insertText', field: 'note' }),
    );
    await saveEnabled(site);

    await site.bringToFront();
    await site.locator('[data-field=note]').focus();
    await site.keyboard.press('Control+z');
    await expect.poll(() => model(site)).toBe(`${first}\nPróximo passo: proposta.`);
  },
);

crm(
  'a note field with a maxlength: the summary is written shorter to fit, says so, and nothing is cut',
  async ({ noteBeside }) => {
    const { site, panel, summary } = await noteBeside(
      'https://crm.rdstation.com/app/deals/64adafd6f7be470020761b33?limite=400',
      'rdstation-deal-annotation',
    );
    const seller = 'Reunião marcada para terça.\nPróximo passo: proposta.';
    expect(seller.length + summary.join('\n').length + 1).toBeGreaterThan(400);
    await site.locator('[data-field=note]').evaluate((a: HTMLTextAreaElement) => {
      a.focus();
      a.setSelectionRange(a.value.length, a.value.length);
    });
    await insertAlone(site, panel);
    await expect(panel.getByTestId('crm-insert-result')).toHaveText(
      'Inserido na anotação. O resumo foi encurtado para caber no limite de 400 caracteres.',
    );
    const value = (await model(site)) as string;
    expect(value.length).toBeLessThanOrEqual(400);
    expect(value.startsWith(`${seller}\nAna Souza — Nubank\n`)).toBe(true);
    expect(value).toContain('Resumo encurtado para caber no limite da anotação.');
    expect(value.endsWith('\nGerado por Perfil Intel')).toBe(true);
  },
);

crm(
  'no note open: says so, types nowhere (the search box the seller is in stays as it was)',
  async ({ noteBeside }) => {
    const { site, panel } = await noteBeside(
      'https://app.hubspot.com/contacts/4412345/record/0-1/51?fechado=1',
      'hubspot-contact-note',
    );
    await site.locator('[data-field=search]').fill('fernanda');
    const before = await fields(site);
    await clearRecorder(site);
    await panel.getByTestId('crm-insert').click();
    await expect(panel.getByTestId('crm-insert-result')).toHaveText(
      'Abra uma anotação no CRM e clique de novo.',
    );
    expect(await fields(site)).toEqual(before);
    expect(await recorded(site)).toEqual({ events: [], mutated: [] });
  },
);

crm(
  'Agendor (no script of its own): asks for the toolbar click first; then a double click inserts once',
  async ({ noteBeside, context, extensionId, serviceWorker }) => {
    await setSettings(serviceWorker, { actionOpens: 'sidepanel' });
    const { site, panel, summary } = await noteBeside(
      'https://app.agendor.com.br/pessoas/12345',
      'agendor-person-activity',
    );
    await panel.getByTestId('crm-insert').click();
    await expect(panel.getByTestId('crm-insert-result')).toHaveText(
      'Não é possível escrever nesta aba ainda. Com a aba do CRM à frente, clique no ícone da extensão na barra do navegador e clique de novo.',
    );
    expect(await model(site)).toBe('');

    // The seller's click on the icon with the CRM in front lets the extension write in this tab (activeTab).
    await site.bringToFront();
    await clickToolbarIcon(context, extensionId, site);
    await insertAlone(site, panel);
    const value = (await model(site)) as string;
    expect(once(value)).toBe(1);
    expect(value).toBe(summary.join('\n'));
    await saveEnabled(site);
  },
);

crm(
  'Zoho CRM (an editor in a same-origin frame): after the note’s text, in paragraphs, with the frame’s own undo',
  async ({ noteBeside, context, extensionId, serviceWorker }) => {
    await setSettings(serviceWorker, { actionOpens: 'sidepanel' });
    const { site, panel, summary } = await noteBeside(
      'https://crm.zoho.com/crm/org813914788/tab/Contacts/5725767000000123001',
      'zoho-contact-note',
    );
    await expect
      .poll(() => site.evaluate(() => (window as unknown as { __frameReady?: boolean }).__frameReady))
      .toBe(true);
    await site.bringToFront();
    await clickToolbarIcon(context, extensionId, site);
    const seen = await insertAlone(site, panel);
    expect(((await model(site)) as string).split('\n').filter(Boolean)).toEqual([
      'Conversa inicial feita.',
      ...summary,
    ]);
    expect(seen.events).toContainEqual(expect.objectContaining({ type: 'input', field: 'note' }));
    await saveEnabled(site);

    await site.bringToFront();
    await site.frameLocator('#note-frame').locator('body').focus();
    await site.keyboard.press('Control+z');
    await expect.poll(async () => ((await model(site)) as string).trim()).toBe('Conversa inicial feita.');
  },
);
