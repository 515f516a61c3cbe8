import type { Locator, Page } from '@playwright/test';

/**
 * A person's double click on `target`: two clicks of the mouse 150 ms apart at the same point (each click a press and
 * a release; the browser is not told they form a double click). The point is taken once, before the first click, so
 * nothing between the two clicks but the wait.
 */
export async function humanDoubleClick(page: Page, target: Locator, gap = 150) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.click(x, y);
  await page.waitForTimeout(gap);
  await page.mouse.click(x, y);
}
