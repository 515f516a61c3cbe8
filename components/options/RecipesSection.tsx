import { useId, useState } from 'react';
import { Button, Notice, Section, downloadText, useStored } from '@/components/ui';
import { formatDate, tr } from '@/lib/i18n';
import type { Lang } from '@/lib/model';
import {
  exportRecipes,
  fieldsOf,
  importRecipes,
  mergeRecipes,
  type Recipe,
  type RecipeField,
} from '@/lib/recipe/format';
import { recipes } from '@/lib/storage';

const FIELD_LABELS: Record<RecipeField, { pt: string; en: string }> = {
  name: { pt: 'nome', en: 'name' },
  company: { pt: 'empresa', en: 'company' },
  role: { pt: 'cargo', en: 'role' },
};

/** A shared file's largest size read (recipes hold anchors only: a team's file is a few kB). */
const MAX_FILE_BYTES = 2_000_000;

type Message = { tone: 'success' | 'danger'; text: { pt: string; en: string } };

/**
 * "Sites que você ensinou": the recipes the seller's corrections taught (lib/recipe/), each with its site, when it was
 * taught and used, its fields and a delete button; exported as JSON so a team can share them, and imported from such
 * a file (checked: a bad file changes nothing and says why).
 */
export function RecipesSection({ lang }: { lang: Lang }) {
  const stored = useStored(recipes);
  const list = Object.values(stored ?? {}).sort((a, b) => b.updatedAt - a.updatedAt);
  const [message, setMessage] = useState<Message | null>(null);
  const fileId = useId();

  async function remove(r: Recipe) {
    await recipes.update((all) => Object.fromEntries(Object.entries(all).filter(([id]) => id !== r.id)));
    setMessage(null);
  }

  async function load(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES)
      return setMessage({
        tone: 'danger',
        text: {
          pt: 'O arquivo é grande demais para ser uma exportação de receitas. Nenhuma receita foi alterada.',
          en: 'The file is too large to be a recipe export. No recipe was changed.',
        },
      });
    const read = importRecipes(await file.text());
    if (!read.ok) return setMessage({ tone: 'danger', text: read.message });
    await recipes.update((all) => mergeRecipes(all, read.recipes));
    const n = read.recipes.length;
    setMessage({
      tone: 'success',
      text: {
        pt: `${n} ${n === 1 ? 'receita importada' : 'receitas importadas'}${read.skipped ? `; ${read.skipped} inválida(s) ignorada(s)` : ''}.`,
        en: `${n} ${n === 1 ? 'recipe imported' : 'recipes imported'}${read.skipped ? `; ${read.skipped} invalid one(s) skipped` : ''}.`,
      },
    });
  }

  return (
    <Section
      id="receitas"
      title={tr(lang, { pt: 'Sites que você ensinou', en: 'Sites you taught' })}
      description={tr(lang, {
        pt: 'Quando você corrige o nome ou a empresa no painel, ou aponta na página com "Mostrar na página", a extensão guarda onde esses dados ficam naquele site e procura ali nas próximas páginas. Só a posição na página é guardada, nunca o nome ou a empresa; nada sai do navegador.',
        en: 'When you correct the name or the company in the panel, or point at them with "Show on the page", the extension keeps where those are on that site and looks there on its next pages. Only the place on the page is kept, never the name or the company; nothing leaves the browser.',
      })}
    >
      {list.length === 0 ? (
        <p className="text-sm" data-testid="recipes-empty">
          {tr(lang, { pt: 'Nenhum site ensinado ainda.', en: 'No site taught yet.' })}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={tr(lang, { pt: 'Receitas', en: 'Recipes' })}>
          {list.map((r) => (
            <li
              key={r.id}
              data-testid="recipe"
              className="flex flex-wrap items-center justify-between gap-2 rounded border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-700"
            >
              <div className="min-w-0">
                <p className="font-medium break-all" data-testid="recipe-site">
                  {r.hosts[0]}
                  <span className="font-normal text-zinc-600 dark:text-zinc-400">{r.paths[0]}</span>
                </p>
                <p className="text-xs text-zinc-700 dark:text-zinc-300">
                  {fieldsOf(r.fields)
                    .map((f) => tr(lang, FIELD_LABELS[f]))
                    .join(', ')}
                  {' · '}
                  {tr(lang, { pt: 'ensinado em', en: 'taught on' })} {formatDate(lang, r.updatedAt)}
                  {!r.taught && ` · ${tr(lang, { pt: 'importado', en: 'imported' })}`}
                  {r.lastMatchedAt !== null &&
                    ` · ${tr(lang, { pt: 'usado por último em', en: 'last used on' })} ${formatDate(lang, r.lastMatchedAt)}`}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void remove(r)}
                aria-label={tr(lang, {
                  pt: `Apagar a receita de ${r.hosts[0]}${r.paths[0]}`,
                  en: `Delete the recipe for ${r.hosts[0]}${r.paths[0]}`,
                })}
                data-testid="recipe-delete"
              >
                {tr(lang, { pt: 'Apagar', en: 'Delete' })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={list.length === 0}
          onClick={() => downloadText('perfil-intel-receitas.json', 'application/json', exportRecipes(list))}
          data-testid="recipes-export"
        >
          {tr(lang, { pt: 'Exportar (JSON)', en: 'Export (JSON)' })}
        </Button>
        <label htmlFor={fileId} className="text-sm font-medium">
          {tr(lang, { pt: 'Importar arquivo de receitas', en: 'Import a recipe file' })}
        </label>
        <input
          id={fileId}
          type="file"
          accept="application/json,.json"
          className="text-sm"
          data-testid="recipes-import"
          onChange={(e) => {
            void load(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {message && (
        <Notice tone={message.tone} className="mt-2">
          <span data-testid="recipes-message">{tr(lang, message.text)}</span>
        </Notice>
      )}
    </Section>
  );
}
