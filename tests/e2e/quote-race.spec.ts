/// <reference types="chrome" />
import type { Page } from '@playwright/test';
import { expect, test } from './on-ana';
import { priced } from './sidepanel.helpers';

/*
 * The price sent is always the one for what the form holds, at human and at machine speed: the company is edited
 * and the lookup asked for before the re-quote (150 ms debounce and its round trip) has answered. Every case is
 * checked in the sandbox's ledger (one charge at most, at the price that was on screen) and on screen (the result
 * or a confirmation with the fresh price, never a false "O preço mudou").
 */

type Depth = 'quick' | 'complete' | 'plus';
const COST: Record<Depth, number> = { quick: 1, complete: 2, plus: 3 };
const credits = (n: number) => `${n} crédito${n === 1 ? '' : 's'}`;
const LABEL: Record<Depth, string> = { quick: 'Rápida', complete: 'Completa', plus: 'Plus' };

/** Sets the company field as a paste does: one input event with the whole new value. */
const pasteScript = (el: HTMLInputElement, [value, submit]: [string, boolean]) => {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setValue.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  // In the same task as the edit: no answer, however fast, can come in between.
  if (submit) el.form!.requestSubmit();
};
const company = (panel: Page) => panel.getByLabel('Empresa *');
const paste = (panel: Page, value: string, submit: boolean) =>
  company(panel).evaluate(pasteScript, [value, submit] as [string, boolean]);

/** Each way a seller (or a script) edits the company to "Nubank SA" and asks for the analysis before the re-quote. */
const WAYS: { name: string; act(panel: Page): Promise<void> }[] = [
  { name: 'paste and Enter at 0 ms', act: (panel) => paste(panel, 'Nubank SA', true) },
  {
    name: 'typing, Enter 60 ms after the last key',
    async act(panel) {
      await company(panel).press('End');
      await company(panel).pressSequentially(' SA', { delay: 40 });
      await panel.waitForTimeout(60);
      await company(panel).press('Enter');
    },
  },
  {
    name: 'a double click right after the edit',
    async act(panel) {
      await paste(panel, 'Nubank SA', false);
      await panel.getByTestId('run').dblclick();
    },
  },
  {
    name: 'an edit while the quote of the previous edit is on its way',
    async act(panel) {
      await paste(panel, 'Nubank S', false);
      // Past the debounce: the quote for "Nubank S" is asked; the next edit and the click come before its answer.
      await panel.waitForTimeout(155);
      await paste(panel, 'Nubank SA', true);
    },
  },
];

/** Confirms Plus (its dialog names the fresh price, for the edited company); anything else must not ask. */
async function confirmIfPlus(panel: Page, depth: Depth) {
  if (depth !== 'plus') return;
  const dialog = panel.getByRole('dialog', { name: 'Confirmar análise Plus' });
  await expect(dialog).toContainText(`A análise Plus de Ana Souza (Nubank SA) custa ${credits(3)}.`);
  await dialog.getByRole('button', { name: `Analisar por ${credits(3)}` }).click();
}

async function noFalseMessage(panel: Page) {
  await expect(panel.getByText('O preço mudou')).toHaveCount(0);
  await expect(panel.getByTestId('error')).toHaveCount(0);
}

test.describe.configure({ timeout: 90_000 });

for (const depth of ['quick', 'complete', 'plus'] as const) {
  test.describe(`${LABEL[depth]} (${credits(COST[depth])})`, () => {
    for (const way of WAYS) {
      test(`${way.name}: one charge, at the price on screen, for the edited company`, async ({
        onAna,
        admin,
      }) => {
        const { key, panel } = await onAna();
        const shown = `Analisar — ${credits(COST[depth])}`;
        await priced(panel, depth, shown);
        await way.act(panel);
        await confirmIfPlus(panel, depth);
        await expect(panel.getByTestId('result')).toHaveAttribute('data-depth', depth, { timeout: 20_000 });
        await noFalseMessage(panel);
        const ledger = await admin.ledger(key);
        expect(ledger.entries).toHaveLength(1);
        expect(ledger.entries[0]!.credits).toBe(COST[depth]);
        const sent = await admin.requests(key);
        expect(sent).toHaveLength(1);
        expect(sent[0]!.body).toMatchObject({ empresa: 'Nubank SA' });
      });
    }

    test('from history (0 credits on the button) to someone new at 0 ms: the confirmation shows the new price', async ({
      onAna,
      admin,
      shot,
    }) => {
      const { key, panel } = await onAna();
      await priced(panel, depth, `Analisar — ${credits(COST[depth])}`);
      await panel.getByTestId('run').click();
      if (depth === 'plus')
        await panel
          .getByRole('dialog')
          .getByRole('button', { name: `Analisar por ${credits(3)}` })
          .click();
      await expect(panel.getByTestId('result')).toHaveAttribute('data-depth', depth, { timeout: 20_000 });
      await panel.getByRole('button', { name: '← Nesta página' }).click();
      await priced(panel, depth, 'Abrir do histórico — 0 créditos');

      await paste(panel, 'Nubank SA', true);
      const dialog = panel.getByRole('dialog', { name: 'Confirme o custo atualizado' });
      await expect(dialog.getByTestId('cost-updated')).toHaveText(
        `O botão mostrava 0 créditos, o custo dos dados de antes da sua última mudança; para o que está no formulário agora, é de ${credits(COST[depth])}.`,
      );
      await expect(dialog).toContainText(
        `A análise ${LABEL[depth]} de Ana Souza (Nubank SA) custa ${credits(COST[depth])}.`,
      );
      if (depth === 'plus') await shot(panel, 'quote-race-confirm-new-price');
      await noFalseMessage(panel);
      expect((await admin.ledger(key)).entries).toHaveLength(1);

      await dialog.getByRole('button', { name: `Analisar por ${credits(COST[depth])}` }).click();
      await expect(panel.getByTestId('result')).toHaveAttribute('data-depth', depth, { timeout: 20_000 });
      await expect(panel.getByTestId('result')).toContainText('Nubank SA');
      const ledger = await admin.ledger(key);
      expect(ledger.entries.map((e) => e.credits)).toEqual([COST[depth], COST[depth]]);
    });
  });
}

test('a price that really changed (the history entry went) is said, from what to what and why; nothing charged', async ({
  onAna,
  admin,
  openPage,
  shot,
}) => {
  const { key, panel } = await onAna();
  await priced(panel, 'quick', `Analisar — ${credits(1)}`);
  await panel.getByTestId('run').click();
  await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });
  await panel.getByRole('button', { name: '← Nesta página' }).click();
  await priced(panel, 'quick', 'Abrir do histórico — 0 créditos');
  // The history is emptied elsewhere (the options page) while the panel shows the 0-credit price.
  const options = await openPage('options.html');
  await options.evaluate(() => chrome.runtime.sendMessage({ type: 'history.clear', data: {} }));
  await options.close();

  await panel.getByTestId('run').click();
  const error = panel.getByTestId('error');
  await expect(error).toHaveAttribute('data-code', 'PRICE_CHANGED');
  await expect(error).toContainText(
    'O preço mudou de 0 créditos para 1 crédito desde que foi mostrado: a análise que estava no histórico passou do prazo de reaproveitamento ou foi apagada, e nada foi cobrado.',
  );
  await expect(panel.getByText('O preço mudou', { exact: true })).toBeVisible();
  await shot(panel, 'quote-race-price-changed');
  expect((await admin.ledger(key)).entries).toHaveLength(1);
  await panel.getByTestId('price-changed-ok').click();
  await expect(panel.getByTestId('run')).toHaveText(`Analisar — ${credits(1)}`);
});

test.describe('the service’s own answers at machine speed end right, not in a price message', () => {
  for (const [empresa, code] of [
    ['Empresa Inexistente', 'NOT_FOUND'],
    ['Dados Insuficientes', 'INSUFFICIENT_DATA'],
    ['Homônimos SA', 'AMBIGUOUS_PERSON'],
  ] as const) {
    test(`${empresa}: paste and Enter at 0 ms → ${code}, nothing charged`, async ({ onAna, admin }) => {
      const { key, panel } = await onAna();
      await priced(panel, 'quick', `Analisar — ${credits(1)}`);
      await paste(panel, empresa, true);
      await expect(panel.getByTestId('error')).toHaveAttribute('data-code', code);
      await expect(panel.getByText('O preço mudou')).toHaveCount(0);
      const sent = await admin.requests(key);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toMatchObject({ empresa });
      expect((await admin.ledger(key)).entries).toEqual([]);
    });
  }
});
