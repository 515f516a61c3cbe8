import { test, expect } from './on-ana';

/*
 * A service answer whose analysis has fields of the wrong shape: the analysis is read once, the rest shows, and
 * the panel says quietly which fields could not be read.
 */

test.afterEach(async ({ admin }) => {
  await admin.faults({ malformed_analysis: null });
});

test('fields of the wrong type: the analysis shows, and "2 campos não puderam ser lidos" names them', async ({
  onAna,
  admin,
}) => {
  await admin.faults({ malformed_analysis: { cargo: 42, tipo_stakeholder: 7 } });
  const { panel } = await onAna();
  await expect(panel.getByTestId('run')).toHaveAttribute('data-quoting', 'false');
  await panel.getByTestId('run').click();
  await expect(panel.getByTestId('result')).toBeVisible({ timeout: 30_000 });
  const unread = panel.getByTestId('unread-fields');
  await expect(unread.locator('summary')).toHaveText('2 campos não puderam ser lidos');
  await unread.locator('summary').click();
  await expect(unread.locator('li')).toHaveCount(2);
  await expect(unread).toContainText('cargo');
  await expect(unread).toContainText('tipo_stakeholder');
  // the rest of the analysis is there
  await expect(panel.getByTestId('result')).toContainText(/MBTI|Persona/);
});

test('a well-formed answer says nothing about unread fields', async ({ onAna }) => {
  const { panel } = await onAna();
  await expect(panel.getByTestId('run')).toHaveAttribute('data-quoting', 'false');
  await panel.getByTestId('run').click();
  await expect(panel.getByTestId('result')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('unread-fields')).toHaveCount(0);
});
