import { Badge, Spinner } from '@/components/ui';
import { tr } from '@/lib/i18n';
import type { Tone } from '@/components/ui';
import type { Lang, ServiceStatus, Text } from '@/lib/model';

const LEVELS: Record<ServiceStatus['level'], { tone: Tone; text: Text }> = {
  ok: { tone: 'success', text: { pt: 'Serviço operando normalmente', en: 'Service operational' } },
  degraded: { tone: 'warning', text: { pt: 'Serviço instável (degradado)', en: 'Service degraded' } },
  outage: { tone: 'danger', text: { pt: 'Serviço fora do ar', en: 'Service outage' } },
  unknown: { tone: 'neutral', text: { pt: 'Status do serviço desconhecido', en: 'Service status unknown' } },
};

/** The service status level; `null` while it is being checked. */
export function ServiceStatusBadge({ level, lang }: { level: ServiceStatus['level'] | null; lang: Lang }) {
  if (!level) {
    return (
      <span className="inline-flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <Spinner />
        {tr(lang, { pt: 'Verificando o serviço…', en: 'Checking the service…' })}
      </span>
    );
  }
  const { tone, text } = LEVELS[level];
  return (
    <Badge tone={tone}>
      <span aria-hidden="true">●</span>
      <span data-testid="service-status" data-level={level}>
        {tr(lang, text)}
      </span>
    </Badge>
  );
}
