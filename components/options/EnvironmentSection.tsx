import { useId, useState, type FormEvent } from 'react';
import { Button, Notice, Section, TextField, useAction, useStored } from '@/components/ui';
import { BUILD_URLS, resolveApiConfig } from '@/lib/api/config';
import { tr } from '@/lib/i18n';
import { environments, settings, type Environment, type Settings } from '@/lib/storage';
import { saveAddress } from '@/lib/options/validate';
import type { Lang, Text } from '@/lib/model';

const NAMES: Record<Environment, Text> = {
  production: { pt: 'Produção', en: 'Production' },
  development: { pt: 'Desenvolvimento', en: 'Development' },
  custom: { pt: 'Domínio personalizado', en: 'Custom domain' },
  sandbox: { pt: 'Sandbox local', en: 'Local sandbox' },
};

const DEFAULT_URL: Record<Environment, string | null> = {
  production: BUILD_URLS.production,
  development: BUILD_URLS.development,
  custom: null,
  sandbox: BUILD_URLS.sandbox,
};

function EnvironmentForm({ current, lang }: { current: Settings; lang: Lang }) {
  const [env, setEnv] = useState<Environment>(current.environment);
  const [addresses, setAddresses] = useState(current.baseUrls);
  const [save, runSave, resetSave] = useAction((environment: Environment, address: string) =>
    saveAddress(address, DEFAULT_URL[environment], () =>
      settings.update((old) => ({
        ...old,
        environment,
        baseUrls: { ...old.baseUrls, [environment]: address.trim() },
      })),
    ),
  );
  const groupId = useId();
  const inUse = resolveApiConfig(current);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void runSave(env, addresses[env]);
  };
  const refused = save.status === 'error' ? save.error : null;
  const fallback = DEFAULT_URL[env];

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <fieldset className="flex flex-col gap-2" aria-describedby={`${groupId}-hint`}>
        <legend className="text-sm font-medium">
          {tr(lang, { pt: 'Ambiente da API', en: 'API environment' })}
        </legend>
        <p id={`${groupId}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          {tr(lang, {
            pt: 'Os endereços de produção e desenvolvimento vêm da configuração da extensão; você pode substituí-los aqui.',
            en: 'The production and development addresses come with the extension; you can override them here.',
          })}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {environments.map((e) => (
            <label
              key={e}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-zinc-200 px-3 py-2 text-sm has-[:checked]:border-indigo-600 dark:border-zinc-700 dark:has-[:checked]:border-indigo-400"
            >
              <input
                type="radio"
                name={groupId}
                value={e}
                checked={env === e}
                onChange={() => {
                  setEnv(e);
                  resetSave();
                }}
                className="accent-indigo-700 dark:accent-indigo-400"
              />
              {tr(lang, NAMES[e])}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={`${tr(lang, { pt: 'Endereço da API', en: 'API address' })} (${tr(lang, NAMES[env])})`}
        hint={
          fallback
            ? `${tr(lang, { pt: 'Vazio = endereço padrão', en: 'Empty = default address' })}: ${fallback}`
            : tr(lang, {
                pt: 'Obrigatório, com https://. O navegador pedirá sua permissão para acessar esse domínio.',
                en: 'Required, with https://. The browser will ask your permission to reach this domain.',
              })
        }
        error={refused && tr(lang, refused)}
        type="url"
        inputMode="url"
        placeholder={fallback ?? 'https://api.suaempresa.com.br'}
        value={addresses[env]}
        onChange={(e) => setAddresses((a) => ({ ...a, [env]: e.target.value }))}
      />
      <div>
        <Button type="submit" variant="primary" loading={save.status === 'loading'}>
          {tr(lang, { pt: 'Salvar ambiente', en: 'Save environment' })}
        </Button>
      </div>
      {save.status === 'success' && (
        <Notice tone="success">
          {tr(lang, {
            pt: 'Ambiente salvo. Teste a chave para conferir o acesso nesse ambiente.',
            en: 'Environment saved. Test the key to check access in this environment.',
          })}
        </Notice>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="api-in-use">
        {tr(lang, { pt: 'Em uso agora', en: 'In use now' })}: {tr(lang, NAMES[inUse.environment])} —{' '}
        {inUse.ok ? <code>{inUse.baseUrl}</code> : tr(lang, inUse.reason)}
      </p>
    </form>
  );
}

export function EnvironmentSection({ lang }: { lang: Lang }) {
  const current = useStored(settings);
  return (
    <Section id="ambiente" title={tr(lang, { pt: 'Ambiente', en: 'Environment' })}>
      {current && <EnvironmentForm current={current} lang={lang} />}
    </Section>
  );
}
