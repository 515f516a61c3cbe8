import { browser } from 'wxt/browser';
import { useEffect, useRef, useState } from 'react';
import { Button, Notice, useStored } from '@/components/ui';
import { tr } from '@/lib/i18n';
import type { Lang } from '@/lib/model';
import { recipeFor, type RecipeField } from '@/lib/recipe/format';
import { recipes } from '@/lib/storage/recipes';
import { splitName } from '@/lib/recipe/merge';
import { recipeReplySchema, type RecipeNotice, type RecipeRequest, type Taught } from '@/lib/recipe/protocol';
import { usePanel, useSend } from './context';

/*
 * The seller's correction teaches the site (lib/recipe/): the form corrected (or another person picked) is learnt
 * after a pause; "Mostrar na página" lets the seller point at the name and then the company on the page; and the
 * panel says when the site's recipe no longer finds what it was taught.
 */

/** How long the form must stay as the seller left it before it is learnt. */
export const LEARN_AFTER_MS = 1200;

const FIELD_NAMES: Record<RecipeField, { pt: string; en: string }> = {
  name: { pt: 'o nome', en: 'the name' },
  company: { pt: 'a empresa', en: 'the company' },
  role: { pt: 'o cargo', en: 'the role' },
};

/** "o nome e a empresa" */
const fieldList = (lang: Lang, fields: RecipeField[]) => {
  const names = fields.map((f) => tr(lang, FIELD_NAMES[f]));
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} ${tr(lang, { pt: 'e', en: 'and' })} ${names.at(-1)}`
    : (names[0] ?? '');
};

/** What the seller corrected on this page, to learn: null while nothing was corrected. */
function useCorrection(): { name: string; company: string; key: string } | null {
  const detection = usePanel((s) => s.detection);
  const origin = usePanel((s) => s.origin);
  const draft = usePanel((s) => s.draft);
  if (detection.status !== 'done' || !origin || origin.kind === 'pending') return null;
  const name = `${draft.primeiro_nome} ${draft.ultimo_nome}`.replace(/\s+/g, ' ').trim();
  const company = draft.empresa.trim();
  if (!name && !company) return null;
  const given = origin.kind === 'candidate' ? detection.candidates[origin.index] : undefined;
  const edited =
    !given ||
    given.primeiro_nome !== draft.primeiro_nome ||
    given.ultimo_nome !== draft.ultimo_nome ||
    given.empresa !== draft.empresa;
  // another person than the readers' first, picked, or the form changed from what the page gave
  const picked = origin.kind === 'candidate' && origin.index > 0;
  if (!edited && !picked) return null;
  return { name, company, key: `${detection.url}\n${name}\n${company}` };
}

/** Lets this site be read without the icon's click: its origin alone, asked inside the click. */
function GrantSite({ origin, lang }: { origin: string; lang: Lang }) {
  const [granted, setGranted] = useState(false);
  const host = origin.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');
  if (granted)
    return (
      <p className="text-xs" data-testid="recipe-granted">
        {tr(lang, { pt: `Pronto: ${host} é lido sempre.`, en: `Done: ${host} is always read.` })}
      </p>
    );
  return (
    <>
      <p className="text-xs">
        {tr(lang, {
          pt: 'Sem permissão para este site, a receita vale quando você clica no ícone da extensão.',
          en: 'Without a permission for this site, the recipe applies when you click the extension icon.',
        })}
      </p>
      <Button
        size="sm"
        variant="ghost"
        className="self-start"
        data-testid="recipe-grant"
        onClick={() =>
          void browser.permissions
            .request({ origins: [origin] })
            .catch(() => false)
            .then(setGranted)
        }
      >
        {tr(lang, { pt: `Ler ${host} sempre`, en: `Always read ${host}` })}
      </Button>
    </>
  );
}

type Picking = { step: 'waiting' } | { step: 'failed'; message: { pt: string; en: string } } | null;

export function TeachSite({ lang }: { lang: Lang }) {
  const send = useSend();
  const tabId = usePanel((s) => s.tabId);
  const detection = usePanel((s) => s.detection);
  const edit = usePanel((s) => s.edit);
  const correction = useCorrection();
  const [taught, setTaught] = useState<Taught | null>(null);
  const [picking, setPicking] = useState<Picking>(null);
  /** The last correction learnt (or pointed at), so the same one is not learnt twice. */
  const learnt = useRef<string | null>(null);
  const url = detection.status === 'done' ? detection.url : null;
  const kept = useStored(recipes);
  const detect = usePanel((s) => s.detect);
  /** The page the worker was asked to read again with its recipe. */
  const reread = useRef<string | null>(null);

  // The panel's first answer comes from the page's script, without the worker: where a recipe knows the page, the
  // worker reads it again, once, with the recipe applied.
  const plain = detection.status === 'done' && !detection.recipe;
  useEffect(() => {
    if (!plain || !url || !kept || reread.current === url) return;
    if (!recipeFor(Object.values(kept), url)) return;
    reread.current = url;
    void detect();
  }, [plain, url, kept, detect]);

  // a new page: what was taught on the previous one is no longer news
  useEffect(() => {
    setTaught(null);
    setPicking(null);
  }, [url]);

  // the form, once the seller leaves it corrected for a moment, is learnt
  const key = correction?.key ?? null;
  useEffect(() => {
    if (!correction || tabId === null || learnt.current === correction.key || picking) return;
    const timer = setTimeout(() => {
      learnt.current = correction.key;
      const values = {
        ...(correction.name && { name: correction.name }),
        ...(correction.company && { company: correction.company }),
      };
      void send('recipe.learn', { tabId, values })
        .then((t) => setTaught(t && (t.learnt.length || t.notFound.length) ? t : null))
        .catch(() => setTaught(null));
    }, LEARN_AFTER_MS);
    return () => clearTimeout(timer);
    // (the correction is its key)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tabId, send, picking]);

  const ask = (request: RecipeRequest) =>
    browser.tabs
      .sendMessage(tabId!, request, { frameId: 0 })
      .then((r: unknown) => recipeReplySchema.safeParse(r))
      .then((r) => (r.success ? r.data : null));

  async function point() {
    if (tabId === null || !url) return;
    setPicking({ step: 'waiting' });
    const failed = {
      step: 'failed' as const,
      message: {
        pt: 'Não foi possível apontar nesta página. Recarregue-a e tente de novo, ou corrija no formulário.',
        en: 'Could not point on this page. Reload it and try again, or correct the form.',
      },
    };
    try {
      if (!(await send('recipe.ready', { tabId })).ok) return setPicking(failed);
      const reply = await ask({ type: 'recipe', op: 'pick', lang });
      if (!reply) return setPicking(failed);
      if (!reply.ok) return setPicking(null);
      const { name = '', company = '' } = reply.values ?? {};
      const split = splitName(name);
      learnt.current = `${url}\n${name.replace(/\s+/g, ' ').trim()}\n${company.trim()}`;
      edit({ ...(name && split), ...(company && { empresa: company }) });
      setTaught(await send('recipe.save', { tabId, url, fields: reply.fields ?? {} }));
      setPicking(null);
    } catch {
      setPicking(failed);
    }
  }

  const recipe = detection.status === 'done' ? detection.recipe : undefined;
  if (detection.status !== 'done') return null;
  return (
    <div className="flex flex-col gap-2" data-testid="teach">
      {recipe && recipe.missing.length > 0 && <RecipeMissing recipe={recipe} lang={lang} />}
      {taught && <TaughtNotice taught={taught} lang={lang} />}
      {picking?.step === 'waiting' ? (
        <Notice tone="info">
          <p data-testid="picking">
            {tr(lang, {
              pt: 'Na página, clique no nome da pessoa e depois na empresa (Tab ou setas para escolher, Enter confirma, Esc cancela).',
              en: 'On the page, click the person’s name and then the company (Tab or arrow keys to move, Enter confirms, Esc cancels).',
            })}
          </p>
          <Button
            size="sm"
            variant="ghost"
            className="mt-1"
            onClick={() => void ask({ type: 'recipe', op: 'cancel' }).catch(() => setPicking(null))}
          >
            {tr(lang, { pt: 'Cancelar', en: 'Cancel' })}
          </Button>
        </Notice>
      ) : (
        <Button
          size="sm"
          variant="ghost"
          className="self-start"
          data-testid="show-on-page"
          onClick={() => void point()}
        >
          {tr(lang, { pt: 'Mostrar na página', en: 'Show on the page' })}
        </Button>
      )}
      {picking?.step === 'failed' && <Notice tone="warning">{tr(lang, picking.message)}</Notice>}
    </div>
  );
}

/** The site's recipe did not find some of what it was taught on this page. */
function RecipeMissing({ recipe, lang }: { recipe: RecipeNotice; lang: Lang }) {
  return (
    <Notice tone="warning" className="break-words">
      <span data-testid="recipe-missing">
        {recipe.found.length
          ? tr(lang, {
              pt: `A receita deste site não encontrou ${fieldList('pt', recipe.missing)} nesta página; o resto veio da receita.`,
              en: `This site's recipe did not find ${fieldList('en', recipe.missing)} on this page; the rest came from the recipe.`,
            })
          : tr(lang, {
              pt: `A receita deste site não encontrou ${fieldList('pt', recipe.missing)}; usando a detecção automática.`,
              en: `This site's recipe did not find ${fieldList('en', recipe.missing)}; using automatic detection.`,
            })}
      </span>
    </Notice>
  );
}

/** What was just learnt for the site, what the page does not show as written, and the site's permission. */
function TaughtNotice({ taught, lang }: { taught: Taught; lang: Lang }) {
  return (
    <Notice tone={taught.learnt.length ? 'success' : 'warning'}>
      {taught.learnt.length > 0 && (
        <p data-testid="recipe-learnt">
          {tr(lang, {
            pt: `Aprendido para ${taught.host}: ${fieldList('pt', taught.learnt)}. Nas próximas páginas deste site, a extensão procura nesses lugares.`,
            en: `Learnt for ${taught.host}: ${fieldList('en', taught.learnt)}. On this site's next pages, the extension looks there.`,
          })}
        </p>
      )}
      {taught.notFound.length > 0 && (
        <p data-testid="recipe-not-found">
          {tr(lang, {
            pt: `${fieldList('pt', taught.notFound).replace(/^./, (c) => c.toUpperCase())} não aparece escrito assim na página: use "Mostrar na página" para apontar.`,
            en: `${fieldList('en', taught.notFound).replace(/^./, (c) => c.toUpperCase())} is not written that way on the page: use "Show on the page" to point at it.`,
          })}
        </p>
      )}
      {taught.grant && taught.learnt.length > 0 && <GrantSite origin={taught.grant} lang={lang} />}
    </Notice>
  );
}
