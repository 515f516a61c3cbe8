import type { Locator, Page } from '@playwright/test';

/**
 * A person's double click on `target`: two clicks of the mouse `gap` ms apart at the same point (each a press and a
 * release, the browser not told they form a double click), with a real wait between them. Each click carries the
 * time the person made it, as the system stamps real input: a machine slow to deliver the second click does not
 * turn the double click into two separate clicks.
 */
export async function humanDoubleClick(page: Page, target: Locator, gap = 150) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    for (const at of [start, start + gap / 1000]) {
      if (at !== start) await page.waitForTimeout(gap);
      const click = { x, y, button: 'left' as const, clickCount: 1 };
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, timestamp: at });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...click, timestamp: at });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...click, timestamp: at + 0.02 });
    }
  } finally {
    await cdp.detach();
  }
}
