import * as z from 'zod/mini';
import { locatorSchema, RECIPE_FIELDS, type RecipeField, type RecipeFields } from './format';
import type { Values } from './locate';

/*
 * What the extension asks the recipe module in a page (through the tab's content script), and what it answers. The
 * answers come from inside a web page: they are checked like any other input.
 */

export type RecipeRequest =
  /** Is the module loaded here? */
  | { type: 'recipe'; op: 'ping' }
  /** Where does the page show these values? */
  | { type: 'recipe'; op: 'learn'; values: Values }
  /** What do these locators find on the page? */
  | { type: 'recipe'; op: 'apply'; fields: RecipeFields }
  /** The seller points at the name, then the company ("Mostrar na página"). */
  | { type: 'recipe'; op: 'pick'; lang: 'pt' | 'en' }
  | { type: 'recipe'; op: 'cancel' };

export type RecipeReply =
  | { ok: true; fields?: RecipeFields; values?: Values; weak?: RecipeField[]; missing?: RecipeField[] }
  | { ok: false; reason: 'cancelled' | 'busy' };

const value = z.string().check(z.maxLength(200));
export const fieldsSchema = z.object({
  name: z.optional(locatorSchema),
  company: z.optional(locatorSchema),
  role: z.optional(locatorSchema),
});
export const valuesSchema = z.object({
  name: z.optional(value),
  company: z.optional(value),
  role: z.optional(value),
});

export const recipeReplySchema: z.ZodMiniType<RecipeReply> = z.union([
  z.object({
    ok: z.literal(true),
    fields: z.optional(fieldsSchema),
    values: z.optional(valuesSchema),
    weak: z.optional(z.array(z.enum(RECIPE_FIELDS)).check(z.maxLength(3))),
    missing: z.optional(z.array(z.enum(RECIPE_FIELDS)).check(z.maxLength(3))),
  }),
  z.object({ ok: z.literal(false), reason: z.enum(['cancelled', 'busy']) }),
]);

/** What the panel is told about the recipe of the page it reads: what it found, what it no longer finds. */
export interface RecipeNotice {
  host: string;
  found: RecipeField[];
  missing: RecipeField[];
}

/** What teaching a page gave: the fields learnt, those whose value the page does not show, and a grant to offer. */
export interface Taught {
  host: string;
  learnt: RecipeField[];
  notFound: RecipeField[];
  /** `https://host/*` when the extension may not read this site by itself (the recipe applies on the icon's click). */
  grant: string | null;
}
