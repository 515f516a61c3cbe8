import {
  OCEAN_TRAITS,
  reconcileOcean,
  type AiInsights,
  type Analysis,
  type AnalysisMetadata,
  type EnhancedPainPoint,
  type Mbti,
  type Motivador,
  type OceanScores,
  type OceanTrait,
  type PainPoint,
  type Persona,
} from './model';
import { MAX_ISSUES, issueLine, moreLine } from './issues';
import { MAX_ITEMS, MAX_TEXT, compact, cutAt, fold } from '@/lib/text';

/*
 * Reads the `analise` object of any tier and naming variant (Basic form and the three naming families, docs/api-contract.md)
 * into the one `Analysis` model. It never throws: what it cannot read is left out and named in `issues`.
 * Texts are trimmed and capped, lists capped, so a hostile body cannot blow up the UI.
 */

export { MAX_ITEMS, MAX_TEXT };

export interface NormalizeResult {
  analysis: Analysis;
  /** Human-readable (pt-BR), one per field that could not be read, e.g. `ocean_scores.openness: esperado número`. */
  issues: string[];
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Own properties only: a key like `constructor` must not read the prototype. */
const get = (o: Obj, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

function kind(v: unknown): string {
  if (v === null) return 'nulo';
  if (Array.isArray(v)) return 'lista';
  switch (typeof v) {
    case 'string':
      return 'texto';
    case 'number':
      return 'número';
    case 'boolean':
      return 'booleano';
    case 'object':
      return 'objeto';
    default:
      return typeof v;
  }
}

/** The object, or undefined when it holds nothing (no value, only empty lists). */
function present<T extends object>(o: T): T | undefined {
  const has = Object.values(o).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  return has ? compact(o) : undefined;
}

/**
 * Keeps the first of equal entries (case, accents and spacing ignored: `fold` of lib/text.ts), filling its missing
 * fields from the later ones.
 */
function mergeBy<T extends object>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) {
    const k = fold(key(item));
    const first = seen.get(k) as Record<string, unknown> | undefined;
    if (!first) seen.set(k, { ...item });
    else for (const [f, v] of Object.entries(item)) if (first[f] === undefined) first[f] = v;
  }
  return [...seen.values()].slice(0, MAX_ITEMS);
}

const uniqueTexts = (items: string[]) =>
  mergeBy(
    items.map((t) => ({ t })),
    (x) => x.t,
  ).map((x) => x.t);

/** Typed reads of unknown values, each noting in `issues` what it could not read. */
class Reader {
  readonly issues: string[] = [];
  private overflow = 0;

  issue(path: string, message: string): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push(issueLine(path, message));
    else this.overflow++;
  }

  report(): string[] {
    if (!this.overflow) return this.issues;
    return [...this.issues, moreLine(this.overflow)];
  }

  private expected(path: string, what: string, v: unknown): undefined {
    this.issue(path, `esperado ${what} (recebido ${kind(v)})`);
    return undefined;
  }

  /** Runs one section; a failure loses that section only. */
  guard<T>(label: string, read: () => T): T | undefined {
    try {
      return read();
    } catch {
      this.issue(label, 'não foi possível ler');
      return undefined;
    }
  }

  obj(v: unknown, path: string): Obj | undefined {
    if (v == null) return undefined;
    return isObj(v) ? v : this.expected(path, 'objeto', v);
  }

  /** Trimmed and capped. `numeric`: a number reads as its text (a company size, a priority). */
  text(v: unknown, path: string, numeric = false): string | undefined {
    if (v == null) return undefined;
    if (numeric && typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v !== 'string') return this.expected(path, 'texto', v);
    const t = v.trim();
    if (t.length <= MAX_TEXT) return t || undefined;
    this.issue(path, `texto com ${t.length} caracteres, cortado em ${MAX_TEXT}`);
    // Never a character cut in half.
    return cutAt(t, MAX_TEXT);
  }

  num(v: unknown, path: string): number | undefined {
    if (v == null) return undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : this.expected(path, 'número', v);
  }

  bool(v: unknown, path: string): boolean | undefined {
    if (v == null) return undefined;
    return typeof v === 'boolean' ? v : this.expected(path, 'booleano', v);
  }

  /** A lone text reads as a one-item list. */
  list<T>(v: unknown, path: string, item: (x: unknown, path: string) => T | undefined): T[] {
    if (v == null) return [];
    if (typeof v === 'string') {
      const x = item(v, path);
      return x === undefined ? [] : [x];
    }
    if (!Array.isArray(v)) return this.expected(path, 'lista', v) ?? [];
    if (v.length > MAX_ITEMS)
      this.issue(path, `lista com ${v.length} itens, mantidos os primeiros ${MAX_ITEMS}`);
    const out: T[] = [];
    for (let i = 0; i < Math.min(v.length, MAX_ITEMS); i++) {
      const x = item(v[i], `${path}[${i}]`);
      if (x !== undefined) out.push(x);
    }
    return out;
  }

  texts(v: unknown, path: string): string[] {
    return uniqueTexts(this.list(v, path, (x, p) => this.text(x, p)));
  }

  /** The first readable text among `keys` of `o` (English and Portuguese names of one field). */
  pick(o: Obj, keys: readonly string[], path: string, numeric = false): string | undefined {
    for (const key of keys) {
      const t = this.text(get(o, key), at(path, key), numeric);
      if (t !== undefined) return t;
    }
    return undefined;
  }

  /** A list gathered from every one of `keys` of `o`. */
  gather<T>(
    o: Obj,
    keys: readonly string[],
    path: string,
    item: (x: unknown, path: string) => T | undefined,
  ): T[] {
    return keys.flatMap((key) => this.list(get(o, key), at(path, key), item));
  }
}

type Section = (r: Reader, a: Obj) => Partial<Analysis>;

/** `perfil_profissional` is not shown in the contract's samples: a text, or an object holding a `url`. */
function readBasics(r: Reader, a: Obj): Partial<Analysis> {
  const profile = get(a, 'perfil_profissional');
  return {
    perfilProfissional: isObj(profile)
      ? r.text(get(profile, 'url'), 'perfil_profissional.url')
      : r.text(profile, 'perfil_profissional'),
    cargo: r.text(get(a, 'cargo'), 'cargo'),
    tipoStakeholder: r.text(get(a, 'tipo_stakeholder'), 'tipo_stakeholder'),
    localizacao: r.pick(a, ['localizacao_detectada', 'localizacao'], ''),
    interesses: r.texts(get(a, 'interesses_profissionais'), 'interesses_profissionais'),
    linguagemImpacto: uniqueTexts(
      ['linguagem_impacto_contextual', 'linguagem_impacto'].flatMap((k) => r.texts(get(a, k), k)),
    ),
  };
}

/** A list entry given as plain text, or as an object holding its text under one of `keys`. */
function entry(
  r: Reader,
  v: unknown,
  path: string,
  keys: readonly string[],
): { text: string; o?: Obj } | undefined {
  if (typeof v === 'string') {
    const text = r.text(v, path);
    return text === undefined ? undefined : { text };
  }
  const o = r.obj(v, path);
  if (!o) return undefined;
  const text = r.pick(o, keys, path);
  if (text === undefined) r.issue(path, `sem "${keys[0]}"`);
  return text === undefined ? undefined : { text, o };
}

function painPoint(r: Reader, v: unknown, path: string): PainPoint | undefined {
  const e = entry(r, v, path, ['desafio', 'challenge']);
  return (
    e &&
    compact({
      desafio: e.text,
      impacto: e.o && r.pick(e.o, ['impacto', 'impact'], path),
      contexto: e.o && r.pick(e.o, ['contexto', 'context'], path),
      prioridade: e.o && r.pick(e.o, ['prioridade', 'priority'], path, true),
    })
  );
}

function motivador(r: Reader, v: unknown, path: string): Motivador | undefined {
  const e = entry(r, v, path, ['texto', 'text']);
  return e && compact({ texto: e.text, impacto: e.o && r.pick(e.o, ['impacto', 'impact'], path) });
}

function persona(r: Reader, v: unknown, path: string): Persona | undefined {
  if (typeof v === 'string') {
    const titulo = r.text(v, path);
    return titulo === undefined ? undefined : { titulo };
  }
  const o = r.obj(v, path);
  return (
    o &&
    present({
      titulo: r.pick(o, ['titulo', 'title'], path),
      descricao: r.pick(o, ['descricao', 'description'], path),
    })
  );
}

/** `manual_comprador` and `buyer_playbook`, each in any of its shapes, merged into one playbook. */
function readPlaybook(r: Reader, a: Obj): Partial<Analysis> {
  const books = (['manual_comprador', 'buyer_playbook'] as const).flatMap((key) => {
    const o = r.obj(get(a, key), key);
    return o ? [{ o, path: key }] : [];
  });
  const personas = books.flatMap(({ o, path }) => persona(r, get(o, 'persona'), at(path, 'persona')) ?? []);
  const strategies = books.flatMap(({ o, path }) => {
    const p = at(path, 'estrategia_comunicacao');
    const s = r.obj(get(o, 'estrategia_comunicacao'), p);
    if (!s) return [];
    const read = present({
      estilo: r.text(get(s, 'estilo_preferido'), at(p, 'estilo_preferido')),
      conteudo: r.text(get(s, 'tipo_conteudo'), at(p, 'tipo_conteudo')),
      timing: r.text(get(s, 'timing_otimo'), at(p, 'timing_otimo')),
      canais: r.texts(get(s, 'canais_preferenciais'), at(p, 'canais_preferenciais')),
    });
    return read ? [read] : [];
  });
  return {
    // One persona: the first one found, completed by the other book's.
    persona: mergeBy(personas, () => '')[0],
    painPoints: mergeBy(
      books.flatMap(({ o, path }) =>
        r.gather(o, ['pontos_dor', 'pain_points', 'dores'], path, (x, p) => painPoint(r, x, p)),
      ),
      (p) => p.desafio,
    ),
    motivadores: mergeBy(
      books.flatMap(({ o, path }) =>
        r.gather(o, ['motivadores_compra', 'buying_motivators'], path, (x, p) => motivador(r, x, p)),
      ),
      (m) => m.texto,
    ),
    ganhosProcurados: uniqueTexts(
      books.flatMap(({ o, path }) => r.texts(get(o, 'ganhos_procurados'), at(path, 'ganhos_procurados'))),
    ),
    prioridades: uniqueTexts(
      books.flatMap(({ o, path }) => r.texts(get(o, 'prioridades'), at(path, 'prioridades'))),
    ),
    estrategiaComunicacao: strategies[0],
  };
}

function readContext(r: Reader, a: Obj): Partial<Analysis> {
  const b = r.obj(get(a, 'contexto_negocios'), 'contexto_negocios');
  const g = r.obj(get(a, 'insights_regionais_brasil'), 'insights_regionais_brasil');
  return {
    contextoNegocios:
      b &&
      present({
        setor: r.text(get(b, 'setor'), 'contexto_negocios.setor'),
        tamanhoEmpresa: r.text(get(b, 'tamanho_empresa'), 'contexto_negocios.tamanho_empresa', true),
        tendencias: r.texts(get(b, 'tendencias_mercado'), 'contexto_negocios.tendencias_mercado'),
      }),
    insightsRegionais:
      g &&
      present({
        contextoRegulatorio: r.text(
          get(g, 'contexto_regulatorio'),
          'insights_regionais_brasil.contexto_regulatorio',
        ),
        oportunidadesLocais: r.texts(
          get(g, 'oportunidades_locais'),
          'insights_regionais_brasil.oportunidades_locais',
        ),
        desafiosRegionais: r.texts(
          get(g, 'desafios_regionais'),
          'insights_regionais_brasil.desafios_regionais',
        ),
      }),
  };
}

/** Where each variant puts OCEAN (A, B, C), and each trait's English and Portuguese names. */
const OCEAN_SOURCES = ['ocean_scores', 'scores_ocean', 'ocean'] as const;
const OCEAN_KEYS: Record<OceanTrait, readonly string[]> = {
  openness: ['openness', 'abertura'],
  conscientiousness: ['conscientiousness', 'conscienciosidade'],
  extraversion: ['extraversion', 'extroversao'],
  agreeableness: ['agreeableness', 'amabilidade'],
  neuroticism: ['neuroticism', 'neuroticismo'],
  emotionalStability: ['emotional_stability', 'estabilidade_emocional'],
};

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Every source is brought to 0–1. The scale is read from each source's own values (variant C is documented on
 * 0–10, but a source is taken as it comes): up to 1 it is 0–1, up to 10 it is 0–10, above that 0–100.
 */
function readOcean(r: Reader, a: Obj): Partial<Analysis> {
  const scores: OceanScores = {};
  for (const source of OCEAN_SOURCES) {
    const o = r.obj(get(a, source), source);
    if (!o) continue;
    const read: { trait: OceanTrait; value: number; path: string }[] = [];
    for (const trait of OCEAN_TRAITS) {
      for (const key of OCEAN_KEYS[trait]) {
        const value = r.num(get(o, key), at(source, key));
        if (value === undefined) continue;
        read.push({ trait, value, path: at(source, key) });
        break;
      }
    }
    const max = Math.max(0, ...read.map((x) => x.value));
    const scale = max > 10 ? 100 : max > 1 ? 10 : 1;
    for (const { trait, value, path } of read) {
      if (value < 0 || value > scale) r.issue(path, `fora da escala 0–${scale}, ajustado`);
      scores[trait] ??= round(Math.min(1, Math.max(0, value / scale)));
    }
  }
  return { ocean: Object.keys(scores).length ? reconcileOcean(scores) : undefined };
}

const MBTI_TYPE = /\b([EI][NS][TF][JP])\b/i;

/** `mbti_type`/`mbti_description` (A), `tipo_mbti`/`descricao_mbti` (B), or the `mbti` object (C). */
function readMbti(r: Reader, a: Obj): Partial<Analysis> {
  const m = get(a, 'mbti');
  const mo = typeof m === 'string' ? undefined : r.obj(m, 'mbti');
  const typeSources: [unknown, string][] = [
    [get(a, 'mbti_type'), 'mbti_type'],
    [get(a, 'tipo_mbti'), 'tipo_mbti'],
    [typeof m === 'string' ? m : undefined, 'mbti'],
    [mo && get(mo, 'tipo'), 'mbti.tipo'],
    [mo && get(mo, 'type'), 'mbti.type'],
  ];
  let type: string | undefined;
  for (const [v, path] of typeSources) {
    const t = r.text(v, path);
    if (t === undefined) continue;
    const match = MBTI_TYPE.exec(t)?.[1];
    if (match) type ??= match.toUpperCase();
    else r.issue(path, 'tipo MBTI não reconhecido');
  }
  const description =
    r.text(get(a, 'mbti_description'), 'mbti_description') ??
    r.text(get(a, 'descricao_mbti'), 'descricao_mbti') ??
    (mo && r.pick(mo, ['descricao', 'description'], 'mbti'));
  const strengths = mo
    ? uniqueTexts(r.gather(mo, ['pontos_fortes', 'strengths'], 'mbti', (x, p) => r.text(x, p)))
    : [];
  const preferredCommunication =
    mo && r.pick(mo, ['comunicacao_preferida', 'preferred_communication'], 'mbti');
  if (!type) {
    if (description || strengths.length || preferredCommunication)
      r.issue('mbti', 'sem tipo MBTI; descrição ignorada');
    return {};
  }
  const mbti: Mbti = compact({ type, description, strengths, preferredCommunication });
  return { mbti };
}

function readPersonality(r: Reader, a: Obj): Partial<Analysis> {
  return {
    personalityType: r.pick(a, ['personality_type', 'tipo_personalidade'], ''),
    communicationStyle: r.pick(a, ['communication_style', 'estilo_comunicacao'], ''),
    workingStyle: r.pick(a, ['working_style', 'estilo_trabalho'], ''),
    decisionMaking: r.pick(a, ['decision_making', 'tomada_decisao'], ''),
    strengths: uniqueTexts(r.gather(a, ['strengths', 'pontos_fortes'], '', (x, p) => r.text(x, p))),
    buildingTrust: uniqueTexts(
      r.gather(a, ['building_trust', 'construir_confianca'], '', (x, p) => r.text(x, p)),
    ),
    dynamicPainPoints: mergeBy(
      r.list(get(a, 'pontos_dor_dinamicos'), 'pontos_dor_dinamicos', (v, path) => {
        const e = entry(r, v, path, ['desafio', 'challenge']);
        return (
          e &&
          compact({
            desafio: e.text,
            contexto: e.o && r.pick(e.o, ['contexto', 'context'], path),
            impactoEstimado: e.o && r.pick(e.o, ['impacto_estimado', 'impacto', 'impact'], path),
          })
        );
      }),
      (p) => p.desafio,
    ),
  };
}

function enhancedPainPoint(r: Reader, v: unknown, path: string): EnhancedPainPoint | undefined {
  const e = entry(r, v, path, ['challenge', 'desafio']);
  return (
    e &&
    compact({
      challenge: e.text,
      context: e.o && r.pick(e.o, ['context', 'contexto'], path),
      opportunity: e.o && r.pick(e.o, ['opportunity', 'oportunidade'], path),
    })
  );
}

/** Plus `ai_insights`: the single shape (objects) and the batch shape (texts), field by field. */
function readAiInsights(r: Reader, v: unknown, path: string): AiInsights | undefined {
  const o = r.obj(v, path);
  if (!o) return undefined;
  const ccPath = at(path, 'company_context');
  const cc = get(o, 'company_context');
  const cco = typeof cc === 'string' ? undefined : r.obj(cc, ccPath);
  const egPath = at(path, 'engagement_strategy');
  const eg = get(o, 'engagement_strategy');
  const ego = typeof eg === 'string' ? undefined : r.obj(eg, egPath);
  return present({
    companyContext: present({
      summary: typeof cc === 'string' ? r.text(cc, ccPath) : undefined,
      recentInitiatives: cco ? r.texts(get(cco, 'recent_initiatives'), at(ccPath, 'recent_initiatives')) : [],
      marketPosition: cco && r.text(get(cco, 'market_position'), at(ccPath, 'market_position')),
      competitiveDynamics:
        cco && r.text(get(cco, 'competitive_dynamics'), at(ccPath, 'competitive_dynamics')),
    }),
    industryTrends: r.texts(get(o, 'industry_trends'), at(path, 'industry_trends')),
    marketTrends: r.text(get(o, 'market_trends'), at(path, 'market_trends')),
    competitiveLandscape: r.text(get(o, 'competitive_landscape'), at(path, 'competitive_landscape')),
    enhancedPainPoints: mergeBy(
      r.list(get(o, 'enhanced_pain_points'), at(path, 'enhanced_pain_points'), (x, p) =>
        enhancedPainPoint(r, x, p),
      ),
      (p) => p.challenge,
    ),
    engagement: present({
      approach:
        typeof eg === 'string'
          ? r.text(eg, egPath)
          : ego && r.text(get(ego, 'recommended_approach'), at(egPath, 'recommended_approach')),
      keyMessages: ego ? r.texts(get(ego, 'key_messages'), at(egPath, 'key_messages')) : [],
      talkingPoints: ego ? r.texts(get(ego, 'talking_points'), at(egPath, 'talking_points')) : [],
    }),
    keyInitiatives: r.texts(get(o, 'key_initiatives'), at(path, 'key_initiatives')),
  });
}

function readMetadata(r: Reader, v: unknown): AnalysisMetadata | undefined {
  const o = r.obj(v, 'metadata');
  if (!o) return undefined;
  const ms = r.num(get(o, 'processing_time_ms'), 'metadata.processing_time_ms');
  if (ms !== undefined && ms < 0) r.issue('metadata.processing_time_ms', 'valor negativo ignorado');
  return present({
    processingTimeMs: ms !== undefined && ms >= 0 ? ms : undefined,
    aiEnhanced: r.bool(get(o, 'ai_enhanced'), 'metadata.ai_enhanced'),
    timestamp: r.text(get(o, 'timestamp'), 'metadata.timestamp'),
  });
}

const SECTIONS: [string, Section][] = [
  ['perfil', readBasics],
  ['manual_comprador', readPlaybook],
  ['contexto_negocios', readContext],
  ['ocean', readOcean],
  ['mbti', readMbti],
  ['personalidade', readPersonality],
  ['ai_insights', (r, a) => ({ aiInsights: readAiInsights(r, get(a, 'ai_insights'), 'ai_insights') })],
  ['metadata', (r, a) => ({ metadata: readMetadata(r, get(a, 'metadata')) })],
];

/** An analysis with no field filled: every list present and empty. */
export const emptyAnalysis = (): Analysis => ({
  interesses: [],
  painPoints: [],
  motivadores: [],
  ganhosProcurados: [],
  prioridades: [],
  linguagemImpacto: [],
  strengths: [],
  buildingTrust: [],
  dynamicPainPoints: [],
});

/**
 * `raw` is the `analise` object as received. `extra` carries what a response holds next to it: Plus single
 * `metadata` and `ai_insights`, or a batch item's `ai_insights`; each wins over the same field inside `analise`.
 */
export function normalizeAnalysis(
  raw: unknown,
  extra: { metadata?: unknown; aiInsights?: unknown } = {},
): NormalizeResult {
  const r = new Reader();
  if (raw == null) r.issue('analise', 'ausente');
  const a = r.obj(raw, 'analise');
  const analysis = emptyAnalysis();
  if (a)
    for (const [label, read] of SECTIONS)
      Object.assign(
        analysis,
        r.guard(label, () => read(r, a)),
      );
  if (extra.aiInsights != null)
    analysis.aiInsights =
      r.guard('ai_insights', () => readAiInsights(r, extra.aiInsights, 'ai_insights')) ?? analysis.aiInsights;
  if (extra.metadata != null)
    analysis.metadata = r.guard('metadata', () => readMetadata(r, extra.metadata)) ?? analysis.metadata;
  const result = compact(analysis);
  if (a && present(result) === undefined) r.issue('analise', 'nenhum campo reconhecido');
  return { analysis: result, issues: r.report() };
}
