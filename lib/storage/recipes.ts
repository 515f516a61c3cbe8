import { recipeSchema, type Recipe } from '@/lib/recipe/format';
import { defineStored, recordOf } from './define';
import { LOCAL_KEYS } from './keys';

/*
 * "Sites que você ensinou": the recipes the seller's corrections taught (lib/recipe/format.ts), by id (host and path
 * pattern). Kept in storage.local, never sent anywhere; a damaged recipe is dropped on load, the others stay.
 */
export const recipes = defineStored(`local:${LOCAL_KEYS.recipes}`, recordOf<Recipe>(recipeSchema), {});
