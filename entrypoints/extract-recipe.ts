import { shared, type Shared } from '@/lib/extract/shared';
import { handle } from '@/lib/recipe/page';
import { RECIPE_MODULE } from '@/lib/recipe/file';
import type { RecipeReply, RecipeRequest } from '@/lib/recipe/protocol';

// Loaded into a page by its content script (lib/content-script.ts), or injected by the worker where the page may not
// load it, the first time the extension asks to learn, apply or point at a recipe there (lib/recipe/): it hands its
// function over to the content script.
export default defineUnlistedScript({
  globalName: false,
  main: () => {
    const s = shared() as Shared & { recipe?: (m: RecipeRequest) => Promise<RecipeReply> };
    s.recipe = (m) => handle(m);
    if (!s.modules.includes(RECIPE_MODULE)) s.modules.push(RECIPE_MODULE);
  },
});
