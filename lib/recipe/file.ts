import type { ScriptPublicPath } from 'wxt/utils/inject-script';

/**
 * The recipe module's file (entrypoints/extract-recipe.ts): loaded into a page, beside the core module it waits for,
 * the first time the extension asks to learn, apply or point at a recipe there, so the content scripts stay small.
 */
export const RECIPE_MODULE: ScriptPublicPath = '/extract-recipe.js';
