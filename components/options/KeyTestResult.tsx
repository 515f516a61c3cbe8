import { planLabel } from '@/components/credits';
import { tierLabel } from '@/lib/api/key-format';
import { Notice, Spinner, type ActionState } from '@/components/ui';
import { creditsText, tr } from '@/lib/i18n';
import type { Responses } from '@/lib/messaging';
import type { Lang } from '@/lib/model';

/** The outcome of "Testar chave": the tier and balance, or the service's exact error. */
export function KeyTestResult({ state, lang }: { state: ActionState<Responses['key.test']>; lang: Lang }) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading') {
    return (
      <p className="flex items-center gap-2 text-sm" role="status">
        <Spinner />
        {tr(lang, { pt: 'Testando a chave…', en: 'Testing the key…' })}
      </p>
    );
  }
  if (state.status === 'error') {
    return <Notice tone="danger">{tr(lang, state.error)}</Notice>;
  }
  const result = state.value;
  if (!result.ok) {
    const { error } = result;
    return (
      <Notice tone="danger" title={tr(lang, { pt: 'A chave não funcionou', en: 'The key did not work' })}>
        <p data-testid="key-test-error">{tr(lang, error.message)}</p>
        {error.details?.serviceMessage && (
          <p className="mt-1 text-xs">
            {tr(lang, { pt: 'Resposta do serviço: ', en: 'Service answer: ' })}
            <q>{error.details.serviceMessage}</q>
          </p>
        )}
        <p className="mt-1 font-mono text-xs">
          {error.status !== undefined && `HTTP ${error.status} · `}
          {error.code}
        </p>
      </Notice>
    );
  }
  const c = result.credits;
  return (
    <Notice tone="success" title={tr(lang, { pt: 'Chave válida', en: 'Valid key' })}>
      <p data-testid="key-test-ok">
        {c.tier && `${tr(lang, { pt: 'Nível', en: 'Tier' })}: ${tierLabel(c.tier)} · `}
        {c.balance !== null && `${tr(lang, { pt: 'Saldo', en: 'Balance' })}: ${creditsText(lang, c.balance)}`}
        {c.plan && ` · ${tr(lang, { pt: 'Plano', en: 'Plan' })}: ${planLabel(c.plan)}`}
      </p>
      {c.status === 'suspended' && (
        <p className="mt-1 font-medium">
          {tr(lang, { pt: 'O plano está suspenso.', en: 'The plan is suspended.' })}
        </p>
      )}
      {c.status === 'expired' && (
        <p className="mt-1 font-medium">
          {tr(lang, { pt: 'O plano expirou.', en: 'The plan has expired.' })}
        </p>
      )}
    </Notice>
  );
}
