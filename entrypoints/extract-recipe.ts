import { browser } from 'wxt/browser';
import { shared, type Shared } from '@/lib/extract/shared';
import { handle } from '@/lib/recipe/page';
import { RECIPE_MODULE } from '@/lib/recipe/file';
import type { RecipeReply, RecipeRequest } from '@/lib/recipe/protocol';

type Listener = (
  message: RecipeRequest,
  sender: unknown,
  reply: (r: RecipeReply) => void,
) => true | undefined;

// Injected by the worker beside the core module it waits for, the first time the extension asks to learn, apply or
// point at a recipe in a page (lib/background/recipe.ts): it answers those requests itself, so the content scripts
// carry nothing of it. Injected again, the newest copy takes over.
export default defineUnlistedScript({
  globalName: false,
  main: () => {
    const s = shared() as Shared & { recipe?: Listener };
    if (s.recipe) browser.runtime.onMessage.removeListener(s.recipe);
    s.recipe = (message, _sender, reply) => {
      if (message?.type !== 'recipe') return;
      // never fails: a failure is an answer too
      void handle(message).then(reply, () => reply({ ok: false, reason: 'busy' }));
      return true;
    };
    browser.runtime.onMessage.addListener(s.recipe);
    if (!s.modules.includes(RECIPE_MODULE)) s.modules.push(RECIPE_MODULE);
  },
});
