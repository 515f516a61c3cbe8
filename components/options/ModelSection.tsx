import { useEffect, useState, type FormEvent } from 'react';
import { Button, Notice, Section, SelectField, TextField, useAction, useStored } from '@/components/ui';
import { resolveApiConfig } from '@/lib/api/config';
import { formatNumber, tr } from '@/lib/i18n';
import { send } from '@/lib/send';
import { keyStatus, settings, type Settings } from '@/lib/storage';
import { isChatModel } from '@/lib/draft/models';
import { saveAddress } from '@/lib/options/validate';
import type { Lang } from '@/lib/model';

function ModelForm({ current, lang }: { current: Settings; lang: Lang }) {
  const key = useStored(keyStatus);
  const [address, setAddress] = useState(current.llmBaseUrl);
  // What an empty field means: the environment's own model API address.
  const config = resolveApiConfig({ ...current, llmBaseUrl: '' });
  const [save, runSave] = useAction((url: string) =>
    saveAddress(url, config.ok ? config.llmBaseUrl : null, () =>
      settings.update((old) => ({ ...old, llmBaseUrl: url.trim() })),
    ),
  );
  const [models, loadModels, resetModels] = useAction(() => send('models.list', {}));
  const [picked, pick] = useAction((llmModel: string) => settings.update((old) => ({ ...old, llmModel })));
  const hasKey = key?.present === true;
  const keyId = hasKey ? key.masked : '';
  // The list belongs to the saved key: another key loads its own, no key shows none.
  useEffect(() => {
    if (keyId) void loadModels();
    else resetModels();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per saved key
  }, [keyId]);

  // Only models that can chat can write a draft (see isChatModel); the list belongs to the saved key.
  const list = models.status === 'success' && hasKey ? models.value.filter((m) => isChatModel(m.id)) : [];
  const selected = list.find((m) => m.id === current.llmModel);
  const options = [
    { value: '', label: tr(lang, { pt: 'Padrão do serviço', en: "The service's default" }) },
    ...list.map((m) => ({ value: m.id, label: m.id })),
  ];
  if (current.llmModel && !selected && isChatModel(current.llmModel))
    options.push({ value: current.llmModel, label: current.llmModel });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void runSave(address);
  };

  return (
    <div className="flex flex-col gap-4">
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <TextField
          label={tr(lang, { pt: 'Endereço da API de modelos', en: 'Model API address' })}
          hint={`${tr(lang, { pt: 'Vazio = padrão do ambiente', en: "Empty = the environment's default" })}${
            config.ok ? `: ${config.llmBaseUrl}` : ''
          }`}
          error={save.status === 'error' ? tr(lang, save.error) : null}
          type="url"
          inputMode="url"
          placeholder={config.ok ? config.llmBaseUrl : 'https://…'}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <div>
          <Button type="submit" variant="primary" loading={save.status === 'loading'}>
            {tr(lang, { pt: 'Salvar endereço', en: 'Save address' })}
          </Button>
        </div>
        {save.status === 'success' && (
          <Notice tone="success">{tr(lang, { pt: 'Endereço salvo.', en: 'Address saved.' })}</Notice>
        )}
      </form>
      <div className="flex flex-col gap-2">
        <SelectField
          label={tr(lang, { pt: 'Modelo para escrever abordagens', en: 'Model for drafting messages' })}
          hint={
            selected?.maxTokens
              ? `${tr(lang, { pt: 'Máximo de tokens', en: 'Maximum tokens' })}: ${formatNumber(lang, selected.maxTokens)}`
              : undefined
          }
          options={options}
          value={current.llmModel}
          disabled={models.status === 'loading'}
          onChange={(id) => void pick(id)}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            onClick={() => void loadModels()}
            loading={models.status === 'loading'}
            disabled={!hasKey}
          >
            {tr(lang, { pt: 'Carregar modelos', en: 'Load models' })}
          </Button>
          {models.status === 'success' && hasKey && (
            <span className="text-xs text-zinc-600 dark:text-zinc-400" role="status">
              {tr(lang, {
                pt: `${list.length} ${list.length === 1 ? 'modelo de conversa disponível' : 'modelos de conversa disponíveis'}.`,
                en: `${list.length} chat ${list.length === 1 ? 'model' : 'models'} available.`,
              })}
            </span>
          )}
          {picked.status === 'success' && (
            <span className="text-xs text-zinc-600 dark:text-zinc-400" role="status">
              {tr(lang, { pt: 'Modelo salvo.', en: 'Model saved.' })}
            </span>
          )}
        </div>
        {!hasKey && (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {tr(lang, {
              pt: 'Salve uma chave para listar os modelos.',
              en: 'Save a key to list the models.',
            })}
          </p>
        )}
        {models.status === 'error' && <Notice tone="danger">{tr(lang, models.error)}</Notice>}
        {picked.status === 'error' && <Notice tone="danger">{tr(lang, picked.error)}</Notice>}
      </div>
    </div>
  );
}

export function ModelSection({ lang }: { lang: Lang }) {
  const current = useStored(settings);
  return (
    <Section
      id="modelos"
      title={tr(lang, { pt: 'API de modelos', en: 'Model API' })}
      description={tr(lang, {
        pt: 'Usada para escrever a primeira mensagem a partir de uma análise.',
        en: 'Used to draft the first message from an analysis.',
      })}
    >
      {current && <ModelForm current={current} lang={lang} />}
    </Section>
  );
}
