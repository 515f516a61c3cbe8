import { useEffect, useState } from 'react';
import { tr, useLang } from '@/lib/i18n';
import { DataSection } from './DataSection';
import { DomainsSection } from './DomainsSection';
import { EnvironmentSection } from './EnvironmentSection';
import { KeySection } from './KeySection';
import { ModelSection } from './ModelSection';
import { Onboarding } from './Onboarding';
import { PlansSection } from './PlansSection';
import { PreferencesSection } from './PreferencesSection';
import { PrivacySection } from './PrivacySection';
import { RecipesSection } from './RecipesSection';
import type { Text } from '@/lib/model';

const SECTIONS: [id: string, title: Text][] = [
  ['chave', { pt: 'Chave de API', en: 'API key' }],
  ['ambiente', { pt: 'Ambiente', en: 'Environment' }],
  ['modelos', { pt: 'API de modelos', en: 'Model API' }],
  ['preferencias', { pt: 'Preferências', en: 'Preferences' }],
  ['dominios', { pt: 'Domínios da minha empresa', en: 'My company domains' }],
  ['planos', { pt: 'Planos', en: 'Plans' }],
  ['dados', { pt: 'Seus dados', en: 'Your data' }],
  ['privacidade', { pt: 'Privacidade', en: 'Privacy' }],
];

function useHash(): string {
  const [hash, setHash] = useState(() => location.hash.slice(1));
  useEffect(() => {
    const onChange = () => setHash(location.hash.slice(1));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return hash;
}

export function Options() {
  const lang = useLang();
  const hash = useHash();
  // The sections render after the page loads, so the browser's own jump to the anchor comes too early.
  useEffect(() => {
    if (hash && hash !== 'onboarding') document.getElementById(hash)?.scrollIntoView();
  }, [hash]);

  if (hash === 'onboarding') return <Onboarding lang={lang} onFinish={() => (location.hash = 'chave')} />;
  return (
    <div className="mx-auto flex max-w-4xl gap-8 p-6">
      <nav
        aria-label={tr(lang, { pt: 'Seções', en: 'Sections' })}
        className="sticky top-6 hidden h-fit w-44 shrink-0 self-start md:block"
      >
        <p className="mb-3 text-base font-bold">Perfil Intel</p>
        <ul className="flex flex-col gap-1 text-sm">
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                aria-current={hash === id ? 'location' : undefined}
                className="block rounded px-2 py-1 hover:bg-zinc-100 aria-[current=location]:font-semibold dark:hover:bg-zinc-800"
              >
                {tr(lang, title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="flex min-w-0 flex-1 flex-col gap-10">
        <h1 className="text-2xl font-bold">
          {tr(lang, { pt: 'Opções do Perfil Intel', en: 'Perfil Intel options' })}
        </h1>
        <KeySection lang={lang} />
        <EnvironmentSection lang={lang} />
        <ModelSection lang={lang} />
        <PreferencesSection lang={lang} />
        <DomainsSection lang={lang} />
        <RecipesSection lang={lang} />
        <PlansSection lang={lang} />
        <DataSection lang={lang} />
        <PrivacySection lang={lang} />
      </main>
    </div>
  );
}
