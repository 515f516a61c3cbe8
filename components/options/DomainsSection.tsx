import { useState } from 'react';
import { Button, Notice, Section, useStored } from '@/components/ui';
import { tr } from '@/lib/i18n';
import { MAX_OWN_DOMAINS, parseDomains } from '@/lib/meeting/attendees';
import type { Lang } from '@/lib/model';
import { ownDomains } from '@/lib/storage';

/** "Domínios da minha empresa": colleagues on these domains are left out of a meeting's people. */
export function DomainsSection({ lang }: { lang: Lang }) {
  const stored = useStored(ownDomains);
  // what the seller typed, else the stored list
  const [edited, setText] = useState<string | null>(null);
  const text = edited ?? stored?.join('\n') ?? '';
  const [invalid, setInvalid] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);

  async function save() {
    const parsed = parseDomains(text);
    setInvalid(parsed.invalid);
    if (parsed.invalid.length) return setSaved(false);
    await ownDomains.set(parsed.domains);
    setText(null);
    setSaved(true);
  }

  return (
    <Section
      id="dominios"
      title={tr(lang, { pt: 'Domínios da minha empresa', en: 'My company domains' })}
      description={tr(lang, {
        pt: `Na preparação de reuniões, quem tem e-mail nestes domínios é colega e fica fora da lista. O domínio da conta aberta na agenda entra sozinho; um por linha, até ${MAX_OWN_DOMAINS}.`,
        en: `In meeting prep, people with an address on these domains are colleagues and are left out. The domain of the account open in the calendar is added by itself; one per line, up to ${MAX_OWN_DOMAINS}.`,
      })}
    >
      <label htmlFor="own-domains" className="text-sm font-medium">
        {tr(lang, { pt: 'Domínios', en: 'Domains' })}
      </label>
      <textarea
        id="own-domains"
        rows={4}
        className="w-full rounded border border-zinc-300 p-2 font-mono text-sm dark:border-zinc-600 dark:bg-zinc-900"
        value={text}
        placeholder="acme.com.br"
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
        }}
        data-testid="own-domains"
      />
      <div className="mt-2 flex items-center gap-3">
        <Button onClick={() => void save()} data-testid="own-domains-save">
          {tr(lang, { pt: 'Salvar domínios', en: 'Save domains' })}
        </Button>
        {saved && (
          <span role="status" className="text-sm">
            {tr(lang, { pt: 'Salvo.', en: 'Saved.' })}
          </span>
        )}
      </div>
      {invalid.length > 0 && (
        <Notice tone="danger" className="mt-2">
          {tr(lang, { pt: 'Não são domínios', en: 'Not domains' })}: {invalid.join(', ')}
        </Notice>
      )}
    </Section>
  );
}
