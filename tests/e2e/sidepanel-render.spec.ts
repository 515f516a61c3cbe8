import { expect, test } from './on-ana';
import { priced } from './sidepanel.helpers';

/*
 * A result on screen in two steps, through the built extension against the sandbox: its header, summary and OCEAN
 * bars first; the sections, the draft composer and similar people below them once the reader scrolls there (or the
 * panel is idle), added below what is shown, so nothing on screen moves.
 */

test.describe('side panel result, first part then the rest', () => {
  test('sections below the fold render when scrolled to, and nothing already shown moves', async ({
    onAna,
    context,
  }) => {
    // No idle moment renders the rest here: only scrolling to it does.
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0;
      window.cancelIdleCallback = () => undefined;
    });
    const { panel } = await onAna({ tier: 'complete', credits: 100 });
    await panel.setViewportSize({ width: 400, height: 250 });
    await priced(panel, 'complete', 'Analisar — 2 créditos');
    await panel.getByTestId('run').click();

    const result = panel.getByTestId('result');
    await expect(result).toBeVisible({ timeout: 20_000 });
    // the first part: who, the level and the charge, the summary, the OCEAN bars
    await expect(panel.getByTestId('freshness')).toHaveText('Análise Completa · 2 créditos cobrados');
    await expect(panel.getByTestId('summary-card').getByRole('heading', { name: 'Ana Souza' })).toBeVisible();
    await expect(panel.getByTestId('ocean-chart').getByRole('listitem')).toHaveCount(5);
    // the rest waits below the fold
    await expect(panel.getByTestId('analysis-rest')).toHaveCount(1);
    await expect(panel.locator('[data-section]')).toHaveCount(0);
    await expect(panel.getByTestId('draft-composer')).toHaveCount(0);

    const placed = () =>
      panel.evaluate(() =>
        ['summary-card', 'ocean-chart'].map((id) => {
          const box = document.querySelector(`[data-testid=${id}]`)!.getBoundingClientRect();
          return Math.round(box.top + window.scrollY);
        }),
      );
    const before = await placed();

    await panel.getByTestId('analysis-rest').scrollIntoViewIfNeeded();
    await expect(panel.locator('summary', { hasText: 'Manual do comprador' })).toBeVisible();
    await expect(panel.locator('summary', { hasText: 'Insights regionais (Brasil)' })).toHaveCount(1);
    await expect(panel.getByTestId('analysis-rest')).toHaveCount(0);
    // the composer and similar people come with the sections, below them
    await expect(panel.getByTestId('draft-composer')).toHaveCount(1, { timeout: 20_000 });
    await panel.getByTestId('draft-composer').scrollIntoViewIfNeeded();
    await expect(panel.getByTestId('draft-composer')).toBeVisible();
    // the OCEAN bars are beside the summary, not repeated in Personality
    await expect(panel.getByTestId('ocean-chart')).toHaveCount(1);
    expect(await placed()).toEqual(before);
  });

  test('printing renders the rest at once, every section open', async ({ onAna, context }) => {
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0;
      window.cancelIdleCallback = () => undefined;
      window.print = () => {
        window.dispatchEvent(new Event('beforeprint'));
        (window as unknown as { printedSections: number }).printedSections = document.querySelectorAll(
          '[data-section] details[open]',
        ).length;
        window.dispatchEvent(new Event('afterprint'));
      };
    });
    const { panel } = await onAna({ tier: 'complete', credits: 100 });
    await panel.setViewportSize({ width: 400, height: 250 });
    await priced(panel, 'complete', 'Analisar — 2 créditos');
    await panel.getByTestId('run').click();
    await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });
    await expect(panel.locator('[data-section]')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Imprimir' }).click();
    const printed = await panel.evaluate(
      () => (window as unknown as { printedSections: number }).printedSections,
    );
    expect(printed).toBeGreaterThan(3);
    expect(printed).toBe(await panel.locator('[data-section]').count());
  });
});
