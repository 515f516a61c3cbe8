import { byPerson, newerFirst } from '@/lib/history-index';
import type { Analysis } from '@/lib/analysis/model';
import type { HistoryEntry } from '@/lib/model';

/** A small Complete-like analysis; `over` replaces fields. */
function analysisOf(over: Partial<Analysis>): Analysis {
  return {
    interesses: [],
    painPoints: [{ desafio: 'Integrar sistemas legados', impacto: 'atrasos no fechamento' }],
    motivadores: [{ texto: 'Previsibilidade de receita' }],
    ganhosProcurados: [],
    prioridades: [],
    linguagemImpacto: ['resultado mensurável'],
    strengths: [],
    buildingTrust: [],
    dynamicPainPoints: [],
    persona: { titulo: 'Executiva pragmática' },
    communicationStyle: 'Direto, orientado a dados',
    ...over,
  };
}

/** A history entry for `name` at `empresa`. */
export function entry(id: string, name: string, empresa: string, over: Partial<Analysis> = {}): HistoryEntry {
  return {
    id,
    personKey: `${name.toLowerCase()}|${empresa.toLowerCase()}`,
    input: { primeiro_nome: name, ultimo_nome: '', empresa },
    depth: 'complete',
    lang: 'pt',
    endpoint: '/crm',
    creditsCharged: 2,
    createdAt: Date.now(),
    analysis: analysisOf(over),
    issues: [],
  };
}

/** Each person's entries, newest first, by person key: what the history's index gives "Pessoas parecidas". */
export const peopleOf = (list: readonly HistoryEntry[]) => byPerson([...list].sort(newerFirst));
