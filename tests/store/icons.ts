/**
 * `npm run icons`: renders `tests/store/icon.svg` to the PNG icons the manifest names (public/icon/<size>.png).
 * The PNGs are committed; run this again after changing the SVG.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from './render';

export const ICON_SIZES = [16, 32, 48, 128] as const;

const root = path.resolve(import.meta.dirname, '../..');
const svg = readFileSync(path.join(import.meta.dirname, 'icon.svg'), 'utf8');
const outDir = path.join(root, 'public/icon');
mkdirSync(outDir, { recursive: true });

const browser = await launchChromium();
try {
  for (const size of ICON_SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('width="128" height="128"', `width="${size}" height="${size}"`);
    // The toolbar size swaps the bust for a solid dot (see icon.svg).
    const small = size <= 16 ? '.detail{display:none}.small{display:inline!important}' : '';
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}${small}</style>${sized}`,
    );
    const file = path.join(outDir, `${size}.png`);
    await page.screenshot({
      path: file,
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
    console.log(`${path.relative(root, file)} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
