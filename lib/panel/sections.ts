import { approachSummary, topTraits } from '@/lib/analysis/summary';
import { STAKEHOLDER_LABEL, stakeholderText } from '@/lib/analysis/stakeholder';
import { OCEAN_LABELS, type Analysis } from '@/lib/analysis/model';
import { formatMoment, formatNumber } from '@/lib/i18n';
import { oceanChart, type OceanChartModel } from './ocean';
import type { Lang, Text } from '@/lib/model';

/*
 * The analysis as a list of sections of plain blocks. The panel renders them, and the text and Markdown copies
 * are written from them, so every field shows up in both, and a field the analysis lacks shows up in neither.
 * The Analysis is trusted as the one reader gave it (lib/analysis/normalize.ts: texts trimmed and never empty, lists
 * always there) and older history entries are migrated when read (lib/history.ts): nothing is read again here.
 */

export interface Fact {
  label: string;
  text: string;
}
export interface RecordItem {
  title: string;
  fields: Fact[];
}
export type Block =
  | { kind: 'facts'; label?: string; items: Fact[] }
  | { kind: 'text'; label: string; text: string }
  | { kind: 'list'; label: string; items: string[] }
  | { kind: 'records'; label: string; items: RecordItem[] }
  | { kind: 'ocean'; chart: OceanChartModel };

export type SectionId =
  | 'playbook'
  | 'engagement'
  | 'personality'
  | 'impact'
  | 'profile'
  | 'strengths'
  | 'dynamicPains'
  | 'business'
  | 'regional'
  | 'market'
  | 'metadata';

export interface SectionModel {
  id: SectionId;
  title: string;
  /** Open at first: what a seller reads before a call. */
  open: boolean;
  blocks: Block[];
}

const L = {
  playbook: { pt: 'Manual do comprador', en: 'Buyer playbook' },
  engagement: { pt: 'Como engajar (Plus)', en: 'How to engage (Plus)' },
  personality: { pt: 'Personalidade', en: 'Personality' },
  impact: { pt: 'Linguagem de impacto', en: 'Impact language' },
  profile: { pt: 'Perfil profissional', en: 'Professional profile' },
  strengths: { pt: 'Pontos fortes e confiança', en: 'Strengths and trust' },
  dynamicPains: { pt: 'Dores dinâmicas', en: 'Dynamic pain points' },
  business: { pt: 'Contexto de negócios', en: 'Business context' },
  regional: { pt: 'Insights regionais (Brasil)', en: 'Regional insights (Brazil)' },
  market: { pt: 'Inteligência de mercado (Plus)', en: 'Market intelligence (Plus)' },
  metadata: { pt: 'Metadados', en: 'Metadata' },
  persona: { pt: 'Persona', en: 'Persona' },
  personaDescription: { pt: 'Descrição da persona', en: 'Persona description' },
  painPoints: { pt: 'Pontos de dor', en: 'Pain points' },
  impactField: { pt: 'Impacto', en: 'Impact' },
  context: { pt: 'Contexto', en: 'Context' },
  priority: { pt: 'Prioridade', en: 'Priority' },
  motivators: { pt: 'Motivadores de compra', en: 'Buying motivators' },
  gains: { pt: 'Ganhos procurados', en: 'Gains sought' },
  priorities: { pt: 'Prioridades', en: 'Priorities' },
  strategy: { pt: 'Estratégia de comunicação', en: 'Communication strategy' },
  preferredStyle: { pt: 'Estilo preferido', en: 'Preferred style' },
  content: { pt: 'Tipo de conteúdo', en: 'Content type' },
  timing: { pt: 'Melhor momento', en: 'Best timing' },
  channels: { pt: 'Canais preferidos', en: 'Preferred channels' },
  approach: { pt: 'Abordagem recomendada', en: 'Recommended approach' },
  keyMessages: { pt: 'Mensagens-chave', en: 'Key messages' },
  talkingPoints: { pt: 'Pontos de conversa', en: 'Talking points' },
  mbti: { pt: 'MBTI', en: 'MBTI' },
  mbtiDescription: { pt: 'Descrição do MBTI', en: 'MBTI description' },
  mbtiCommunication: { pt: 'Comunicação preferida', en: 'Preferred communication' },
  mbtiStrengths: { pt: 'Pontos fortes do tipo', en: 'Type strengths' },
  personalityType: { pt: 'Tipo de personalidade', en: 'Personality type' },
  communicationStyle: { pt: 'Estilo de comunicação', en: 'Communication style' },
  workingStyle: { pt: 'Estilo de trabalho', en: 'Working style' },
  decisionMaking: { pt: 'Tomada de decisão', en: 'Decision making' },
  phrases: { pt: 'Frases que ressoam', en: 'Phrases that resonate' },
  role: { pt: 'Cargo', en: 'Role' },
  stakeholder: STAKEHOLDER_LABEL,
  location: { pt: 'Localização', en: 'Location' },
  profileRef: { pt: 'Perfil público', en: 'Public profile' },
  interests: { pt: 'Interesses profissionais', en: 'Professional interests' },
  strengthsList: { pt: 'Pontos fortes', en: 'Strengths' },
  trust: { pt: 'Como construir confiança', en: 'Building trust' },
  estimatedImpact: { pt: 'Impacto estimado', en: 'Estimated impact' },
  sector: { pt: 'Setor', en: 'Sector' },
  size: { pt: 'Tamanho da empresa', en: 'Company size' },
  trends: { pt: 'Tendências de mercado', en: 'Market trends' },
  regulatory: { pt: 'Contexto regulatório', en: 'Regulatory context' },
  opportunities: { pt: 'Oportunidades locais', en: 'Local opportunities' },
  challenges: { pt: 'Desafios regionais', en: 'Regional challenges' },
  companyContext: { pt: 'Contexto da empresa', en: 'Company context' },
  marketPosition: { pt: 'Posição de mercado', en: 'Market position' },
  competitiveDynamics: { pt: 'Dinâmica competitiva', en: 'Competitive dynamics' },
  competitiveLandscape: { pt: 'Cenário competitivo', en: 'Competitive landscape' },
  recentInitiatives: { pt: 'Iniciativas recentes', en: 'Recent initiatives' },
  keyInitiatives: { pt: 'Iniciativas-chave', en: 'Key initiatives' },
  industryTrends: { pt: 'Tendências do setor', en: 'Industry trends' },
  enhancedPains: { pt: 'Dores aprofundadas', en: 'Enhanced pain points' },
  opportunity: { pt: 'Oportunidade', en: 'Opportunity' },
  processingTime: { pt: 'Tempo de processamento', en: 'Processing time' },
  aiEnhanced: { pt: 'Enriquecida por IA', en: 'AI-enhanced' },
  generatedAt: { pt: 'Gerada em', en: 'Generated at' },
  yes: { pt: 'Sim', en: 'Yes' },
  no: { pt: 'Não', en: 'No' },
} satisfies Record<string, Text>;

type Label = keyof typeof L;

/** Builds blocks in one language, dropping every empty one. */
function builder(lang: Lang) {
  const t = (k: Label) => L[k][lang];
  const facts = (pairs: [Label, string | undefined][], label?: Label): Block[] => {
    const items = pairs.flatMap(([k, v]) => (v ? [{ label: t(k), text: v }] : []));
    return items.length ? [label ? { kind: 'facts', label: t(label), items } : { kind: 'facts', items }] : [];
  };
  const text = (k: Label, v: string | undefined): Block[] =>
    v ? [{ kind: 'text', label: t(k), text: v }] : [];
  const list = (k: Label, items: string[] | undefined): Block[] =>
    items?.length ? [{ kind: 'list', label: t(k), items }] : [];
  const records = <T>(
    k: Label,
    v: T[] | undefined,
    title: (o: T) => string,
    fields: (o: T) => [Label, string | undefined][],
  ): Block[] => {
    const items = (v ?? []).map((o) => ({
      title: title(o),
      fields: fields(o).flatMap(([f, x]) => (x ? [{ label: t(f), text: x }] : [])),
    }));
    return items.length ? [{ kind: 'records', label: t(k), items }] : [];
  };
  return { t, facts, text, list, records };
}

type Builder = ReturnType<typeof builder>;

/** What to say and how: persona, pains, motivators, gains, priorities, the communication strategy. */
function playbookBlocks(a: Analysis, { facts, list, records }: Builder): Block[] {
  const persona = a.persona;
  const strategy = a.estrategiaComunicacao;
  return [
    ...facts([
      ['persona', persona?.titulo],
      ['personaDescription', persona?.descricao],
    ]),
    ...records<Analysis['painPoints'][number]>(
      'painPoints',
      a.painPoints,
      (p) => p.desafio,
      (p) => [
        ['impactField', p.impacto],
        ['context', p.contexto],
        ['priority', p.prioridade],
      ],
    ),
    ...records<Analysis['motivadores'][number]>(
      'motivators',
      a.motivadores,
      (m) => m.texto,
      (m) => [['impactField', m.impacto]],
    ),
    ...list('gains', a.ganhosProcurados),
    ...list('priorities', a.prioridades),
    ...facts(
      [
        ['preferredStyle', strategy?.estilo],
        ['content', strategy?.conteudo],
        ['timing', strategy?.timing],
        ['channels', strategy?.canais.join(', ')],
      ],
      'strategy',
    ),
  ];
}

/** The company and its market, as the Plus analysis tells them. */
function marketBlocks(a: Analysis, { facts, list, records }: Builder): Block[] {
  const ai = a.aiInsights;
  const company = ai?.companyContext;
  return [
    ...facts([
      ['companyContext', company?.summary],
      ['marketPosition', company?.marketPosition],
      ['competitiveDynamics', company?.competitiveDynamics],
      ['trends', ai?.marketTrends],
      ['competitiveLandscape', ai?.competitiveLandscape],
    ]),
    ...list('recentInitiatives', company?.recentInitiatives),
    ...list('keyInitiatives', ai?.keyInitiatives),
    ...list('industryTrends', ai?.industryTrends),
    ...records<NonNullable<Analysis['aiInsights']>['enhancedPainPoints'][number]>(
      'enhancedPains',
      ai?.enhancedPainPoints,
      (p) => p.challenge,
      (p) => [
        ['context', p.context],
        ['opportunity', p.opportunity],
      ],
    ),
  ];
}

/**
 * Every field the analysis holds, in the order a seller reads them. The panel shows the OCEAN bars beside the summary,
 * before the sections (`{ ocean: false }` leaves them out of Personality there); the copies keep them in it.
 */
export function analysisSections(
  a: Analysis,
  lang: Lang,
  { ocean = true }: { ocean?: boolean } = {},
): SectionModel[] {
  const b = builder(lang);
  const { t, facts, text, list, records } = b;
  const mbti = a.mbti;
  const business = a.contextoNegocios;
  const regional = a.insightsRegionais;
  const engagement = a.aiInsights?.engagement;
  const meta = a.metadata;
  const chart = ocean ? oceanChart(a.ocean, lang) : undefined;

  const sections: [SectionId, boolean, Block[]][] = [
    ['playbook', true, playbookBlocks(a, b)],
    [
      'engagement',
      true,
      [
        ...text('approach', engagement?.approach),
        ...list('keyMessages', engagement?.keyMessages),
        ...list('talkingPoints', engagement?.talkingPoints),
      ],
    ],
    [
      'personality',
      true,
      [
        ...(chart ? [{ kind: 'ocean', chart } as const] : []),
        ...facts([
          ['mbti', mbti?.type],
          ['mbtiDescription', mbti?.description],
          ['mbtiCommunication', mbti?.preferredCommunication],
          ['personalityType', a.personalityType],
          ['communicationStyle', a.communicationStyle],
          ['workingStyle', a.workingStyle],
          ['decisionMaking', a.decisionMaking],
        ]),
        ...list('mbtiStrengths', mbti?.strengths),
      ],
    ],
    ['impact', false, list('phrases', a.linguagemImpacto)],
    [
      'profile',
      false,
      [
        ...facts([
          ['role', a.cargo],
          ['stakeholder', stakeholderText(lang, a.tipoStakeholder)],
          ['location', a.localizacao],
          ['profileRef', a.perfilProfissional],
        ]),
        ...list('interests', a.interesses),
      ],
    ],
    ['strengths', false, [...list('strengthsList', a.strengths), ...list('trust', a.buildingTrust)]],
    [
      'dynamicPains',
      false,
      records<Analysis['dynamicPainPoints'][number]>(
        'dynamicPains',
        a.dynamicPainPoints,
        (p) => p.desafio,
        (p) => [
          ['context', p.contexto],
          ['estimatedImpact', p.impactoEstimado],
        ],
      ),
    ],
    [
      'business',
      false,
      [
        ...facts([
          ['sector', business?.setor],
          ['size', business?.tamanhoEmpresa],
        ]),
        ...list('trends', business?.tendencias),
      ],
    ],
    [
      'regional',
      false,
      [
        ...facts([['regulatory', regional?.contextoRegulatorio]]),
        ...list('opportunities', regional?.oportunidadesLocais),
        ...list('challenges', regional?.desafiosRegionais),
      ],
    ],
    ['market', false, marketBlocks(a, b)],
    [
      'metadata',
      false,
      facts([
        [
          'processingTime',
          meta?.processingTimeMs === undefined
            ? undefined
            : `${formatNumber(lang, Math.round(meta.processingTimeMs / 100) / 10)} s`,
        ],
        ['aiEnhanced', meta?.aiEnhanced === undefined ? undefined : t(meta.aiEnhanced ? 'yes' : 'no')],
        ['generatedAt', meta?.timestamp && formatMoment(lang, meta.timestamp)],
      ]),
    ],
  ];
  return sections.flatMap(([id, open, blocks]) =>
    blocks.length ? [{ id, title: t(id), open, blocks }] : [],
  );
}

/** The summary card: who, what kind of buyer, and how to approach, read in a glance. */
export interface SummaryModel {
  facts: Fact[];
  traits: string[];
  approach?: string;
}

const SUMMARY_LABELS = {
  role: L.role,
  stakeholder: STAKEHOLDER_LABEL,
  mbti: L.mbti,
  traits: { pt: 'Traços mais fortes', en: 'Strongest traits' },
  approach: { pt: 'Como abordar', en: 'How to approach' },
} satisfies Record<string, Text>;

export function summaryLabel(key: keyof typeof SUMMARY_LABELS, lang: Lang): string {
  return SUMMARY_LABELS[key][lang];
}

export function summaryOf(a: Analysis, lang: Lang): SummaryModel {
  const facts: Fact[] = [];
  const add = (key: keyof typeof SUMMARY_LABELS, value: string | undefined) => {
    if (value) facts.push({ label: SUMMARY_LABELS[key][lang], text: value });
  };
  add('role', a.cargo);
  add('stakeholder', stakeholderText(lang, a.tipoStakeholder));
  add('mbti', a.mbti?.type);
  const traits = topTraits(a, 3).map((x) => `${OCEAN_LABELS[x.trait][lang]} ${Math.round(x.score * 100)}`);
  return { facts, traits, approach: approachSummary(a) };
}
