/*
 * What a recipe's anchors and steps may be (lib/recipe/format.ts checks them; lib/recipe/locate.ts builds them), in a
 * file of its own so the page's module carries no schema library.
 */

/** Attributes an anchor may be: an element id, a test id or another data-* attribute, microdata, an ARIA label. */
export const ANCHOR_ATTRIBUTE = /^(?:id|itemprop|aria-label|name|data-[a-z][a-z0-9-]{0,40})$/;
export const TAG = /^[a-z][a-z0-9-]{0,30}$/;
export const CLASS = /^[A-Za-z][\w-]{0,39}$/;
export const LANDMARKS = ['main', 'header', 'article', 'aside', 'nav', 'form', 'dialog'] as const;
export type Landmark = (typeof LANDMARKS)[number];
/** The bounds of a locator: ways, steps in a path, the nth child, heading index, pieces of a text. */
export const MAX = { ways: 8, steps: 40, nth: 500, heading: 50, segments: 30, label: 40, attr: 100 } as const;
