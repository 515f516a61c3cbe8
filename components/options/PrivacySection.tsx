import { Fragment } from 'react';
import { Section } from '@/components/ui';
import { tr } from '@/lib/i18n';
import { policyBlocks, type Inline } from '@/lib/privacy';
import policy from '@/PRIVACY.md?raw';
import type { Lang } from '@/lib/model';

const BLOCKS = policyBlocks(policy);

function Text({ parts }: { parts: Inline[] }) {
  return parts.map((p, i) =>
    p.kind === 'strong' ? (
      <strong key={i}>{p.text}</strong>
    ) : p.kind === 'code' ? (
      <code key={i}>{p.text}</code>
    ) : (
      <Fragment key={i}>{p.text}</Fragment>
    ),
  );
}

/** The whole policy (PRIVACY.md, in Portuguese: the store listing's policy), folded under the summary. */
function Policy({ lang }: { lang: Lang }) {
  return (
    <details
      id="politica-de-privacidade"
      className="mt-4 rounded border border-zinc-200 p-3 dark:border-zinc-700"
    >
      <summary className="cursor-pointer text-sm font-medium" data-testid="privacy-policy-link">
        {tr(lang, {
          pt: 'Ler a política de privacidade completa',
          en: 'Read the full privacy policy (in Portuguese)',
        })}
      </summary>
      <div className="mt-3 space-y-2 text-sm" lang="pt-BR" data-testid="privacy-policy">
        {BLOCKS.map((b, i) =>
          b.kind === 'heading' ? (
            b.level === 1 ? (
              <h3 key={i} className="text-base font-semibold">
                {b.text}
              </h3>
            ) : (
              <h4 key={i} className="pt-2 font-semibold">
                {b.text}
              </h4>
            )
          ) : b.kind === 'paragraph' ? (
            <p key={i}>
              <Text parts={b.parts} />
            </p>
          ) : (
            <ul key={i} className="list-disc space-y-1 pl-5">
              {b.items.map((item, j) => (
                <li key={j}>
                  <Text parts={item} />
                </li>
              ))}
            </ul>
          ),
        )}
      </div>
    </details>
  );
}

const POINTS = [
  {
    pt: 'A chave de API e as configurações ficam no armazenamento da extensão, neste navegador. A chave é lida só pelo serviço de fundo da extensão e enviada apenas à API configurada, por https.',
    en: "The API key and the settings are kept in the extension's storage, in this browser. Only the extension's background service reads the key, and it is sent only to the configured API, over https.",
  },
  {
    pt: 'O histórico de análises fica no banco de dados local da extensão (IndexedDB), neste navegador. Nada é guardado nos nossos servidores.',
    en: "The history of analyses is kept in the extension's local database (IndexedDB), in this browser. Nothing is kept on our servers.",
  },
  {
    pt: 'Numa consulta, só vão para a API o nome, o sobrenome, a empresa e o contexto opcional que você vê e pode editar antes de enviar. Nada sobre a página (endereço, texto, cookies) é enviado.',
    en: 'A lookup sends the API only the first name, the last name, the company and the optional context, which you see and can edit before sending. Nothing about the page (address, text, cookies) is sent.',
  },
  {
    pt: 'Seus direitos pela LGPD (Lei 13.709/2018): acesso, correção e eliminação dos dados. Aqui você os exerce exportando o histórico (acesso), refazendo uma consulta com os dados corrigidos (correção) e apagando o histórico ou a chave (eliminação).',
    en: "Your rights under Brazil's LGPD (Law 13,709/2018): access, correction and deletion of the data. Here you exercise them by exporting the history (access), running a lookup again with corrected data (correction) and deleting the history or the key (deletion).",
  },
];

export function PrivacySection({ lang }: { lang: Lang }) {
  return (
    <Section id="privacidade" title={tr(lang, { pt: 'Privacidade', en: 'Privacy' })}>
      <ul className="list-disc space-y-2 pl-5 text-sm">
        {POINTS.map((p) => (
          <li key={p.en}>{tr(lang, p)}</li>
        ))}
      </ul>
      <Policy lang={lang} />
    </Section>
  );
}
