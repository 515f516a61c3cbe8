import { useState } from 'react';
import { Button, Card, Notice, TextField, UserError, useAction, useStored } from '@/components/ui';
import { BUILD_URLS } from '@/lib/api/config';
import { tr } from '@/lib/i18n';
import { send } from '@/lib/send';
import { onboardingDone, settings } from '@/lib/storage';
import { KeyForm } from './KeySection';
import { checkApiAddress } from '@/lib/options/validate';
import type { Lang } from '@/lib/model';

/** The account a first try in the sandbox gets: every tier's features, enough credits to explore. */
const SANDBOX_ACCOUNT = { tier: 'complete', plan: 'crm_business', credits: 100, status: 'active' } as const;

/** Creates a sandbox account, points the extension at the sandbox and saves the account's key. */
async function trySandbox(address: string): Promise<void> {
  const check = checkApiAddress(address || BUILD_URLS.sandbox);
  if (!check.ok) throw new UserError(check.error);
  let apiKey: unknown;
  try {
    const res = await fetch(`${check.url}/__sandbox/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SANDBOX_ACCOUNT),
    });
    apiKey = res.ok ? ((await res.json()) as { api_key?: unknown }).api_key : undefined;
  } catch {
    apiKey = undefined;
  }
  if (typeof apiKey !== 'string') {
    throw new UserError({
      pt: `O sandbox não respondeu em ${check.url}. Inicie-o com "npm run sandbox" e tente de novo.`,
      en: `The sandbox did not answer at ${check.url}. Start it with "npm run sandbox" and try again.`,
    });
  }
  await settings.update((old) => ({
    ...old,
    environment: 'sandbox',
    baseUrls: { ...old.baseUrls, sandbox: address.trim() === BUILD_URLS.sandbox ? '' : check.url },
  }));
  await send('key.set', { key: apiKey });
  await onboardingDone.set(true);
}

export function Onboarding({ lang, onFinish }: { lang: Lang; onFinish: () => void }) {
  const current = useStored(settings);
  const done = useStored(onboardingDone);
  const [sandboxAddress, setSandboxAddress] = useState<string>();
  const address = sandboxAddress ?? (current?.baseUrls.sandbox || BUILD_URLS.sandbox);
  const [sandbox, runSandbox] = useAction(trySandbox);

  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-5 p-6">
      <header>
        <h1 className="text-2xl font-bold">
          {tr(lang, { pt: 'Bem-vindo ao Perfil Intel', en: 'Welcome to Perfil Intel' })}
        </h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {tr(lang, {
            pt: 'Veja quem é a pessoa da página e como abordá-la. Para começar, conecte uma chave de API.',
            en: 'See who the person on the page is and how to approach them. To start, connect an API key.',
          })}
        </p>
      </header>
      {done && (
        <Notice
          tone="success"
          title={tr(lang, { pt: 'Tudo pronto!', en: 'All set!' })}
          action={
            <Button variant="primary" onClick={onFinish}>
              {tr(lang, { pt: 'Ir para as opções', en: 'Go to the options' })}
            </Button>
          }
        >
          {tr(lang, {
            pt: 'Abra um perfil no LinkedIn (ou outra página com uma pessoa) e clique no ícone da extensão para abrir o painel.',
            en: 'Open a LinkedIn profile (or another page with a person) and click the extension icon to open the panel.',
          })}
        </Notice>
      )}
      <Card>
        <h2 className="text-lg font-semibold">
          {tr(lang, { pt: '1. Cole sua chave', en: '1. Paste your key' })}
        </h2>
        <div className="mt-3">
          <KeyForm lang={lang} onSaved={() => void onboardingDone.set(true)} />
        </div>
      </Card>
      {!done && (
        <>
          <Card>
            <h2 className="text-lg font-semibold">
              {tr(lang, { pt: '2. Ou experimente com o sandbox', en: '2. Or try the sandbox' })}
            </h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {tr(lang, {
                pt: 'O sandbox imita o serviço neste computador, sem conta e sem gastar créditos de verdade. Inicie-o com "npm run sandbox".',
                en: 'The sandbox imitates the service on this computer, with no account and no real credits. Start it with "npm run sandbox".',
              })}
            </p>
            <div className="mt-3 flex flex-col gap-3">
              <TextField
                label={tr(lang, { pt: 'Endereço do sandbox', en: 'Sandbox address' })}
                type="url"
                value={address}
                onChange={(e) => setSandboxAddress(e.target.value)}
              />
              <div>
                <Button
                  variant="primary"
                  onClick={() => void runSandbox(address)}
                  loading={sandbox.status === 'loading'}
                >
                  {tr(lang, { pt: 'Experimentar com o sandbox', en: 'Try the sandbox' })}
                </Button>
              </div>
              {sandbox.status === 'error' && <Notice tone="danger">{tr(lang, sandbox.error)}</Notice>}
            </div>
          </Card>
          <div>
            <Button variant="ghost" onClick={() => void onboardingDone.set(true).then(onFinish)}>
              {tr(lang, { pt: 'Configurar depois', en: 'Set up later' })}
            </Button>
          </div>
        </>
      )}
    </main>
  );
}
