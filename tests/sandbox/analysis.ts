/**
 * The deterministic analysis generator. A person is first placed (role level, area, sector, city), and
 * everything else is derived from that placement, so that role, stakeholder class, OCEAN and MBTI agree.
 * The same name and company always give the same facts; the language only changes the words.
 */
import {
  AREAS,
  CHANNELS,
  CITIES,
  COMMUNICATION,
  DECISION,
  FEMININE_NAMES,
  LEVELS,
  MASCULINE_NAMES_ENDING_IN_A,
  MBTI_DESCRIPTIONS,
  REGIONS,
  SECTORS,
  SIZES,
  STRENGTHS,
  TEMPERAMENTS,
  TRUST,
  WORKING,
  type Area,
  type Level,
  type Ocean,
  type T,
} from './analysis-data';
import { Rng, hash, normalizeText } from './random';

export type Lang = 'pt' | 'en';

export interface ProfileInput {
  primeiro_nome: string;
  ultimo_nome?: string;
  empresa: string;
  contexto_adicional?: string;
}

export interface Facts {
  perfil_profissional: string;
  cargo: string;
  tipo_stakeholder: string;
  localizacao_detectada: string;
  interesses_profissionais: string[];
  persona: { titulo: string; descricao: string };
  pains: { challenge: string; impact: string }[];
  motivators: { text: string; impact: string }[];
  impacts: string[];
  contextualImpacts: string[];
  business: { setor: string; tamanho_empresa: string; tendencias_mercado: string[] };
  regional: { contexto_regulatorio: string; oportunidades_locais: string[]; desafios_regionais: string[] };
  ocean: {
    openness: number;
    conscientiousness: number;
    extraversion: number;
    agreeableness: number;
    neuroticism: number;
    emotional_stability: number;
  };
  mbti: string;
  mbtiDescription: string;
  personality: string;
  communication: string;
  working: string;
  decision: string;
  strengths: string[];
  trust: string[];
  dynamicPains: { contexto: string; desafio: string; impacto_estimado: string }[];
  priorities: string[];
  /** Portuguese-only material for the Plus and batch shapes. */
  plus: {
    competition: string;
    initiatives: string[];
    marketPosition: string;
    timing: string;
    contentType: string;
    channels: string[];
    approach: string;
  };
}

/** Lower-cases the first letter unless the first word is an acronym or a brand like LinkedIn. */
export function lowerFirst(text: string): string {
  const firstWord = text.split(/[\s-]/)[0] ?? '';
  return firstWord.slice(1) === firstWord.slice(1).toLowerCase()
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}

function isFeminine(firstName: string): boolean {
  const name = normalizeText(firstName).split(' ')[0] ?? '';
  return FEMININE_NAMES.has(name) || (name.endsWith('a') && !MASCULINE_NAMES_ENDING_IN_A.has(name));
}

function sectorOf(company: string, rng: Rng) {
  const words = company.split(/[^a-z0-9]+/).filter(Boolean);
  return SECTORS.find((s) => s.keywords.some((k) => words.some((w) => w.startsWith(k)))) ?? rng.pick(SECTORS);
}

function title(level: Level, area: Area, feminine: boolean, head: boolean, lang: Lang): string {
  const [areaPt, areaEn] = area.name;
  if (lang === 'en') {
    return {
      clevel: `${area.chief} (${area.acronym})`,
      diretor: head ? `Head of ${areaEn}` : `Director of ${areaEn}`,
      gerente: `${areaEn} Manager`,
      coordenador: `${areaEn} Coordinator`,
      analista: `Senior ${areaEn} Analyst`,
    }[level.id];
  }
  return {
    clevel: `${area.acronym} — ${feminine ? 'Diretora Executiva' : 'Diretor Executivo'} de ${areaPt}`,
    diretor: head ? `Head de ${areaPt}` : `${feminine ? 'Diretora' : 'Diretor'} de ${areaPt}`,
    gerente: `Gerente de ${areaPt}`,
    coordenador: `${feminine ? 'Coordenadora' : 'Coordenador'} de ${areaPt}`,
    analista: `Analista Sênior de ${areaPt}`,
  }[level.id];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function oceanOf(level: Level, area: Area, rng: Rng): Ocean {
  const trait = (key: keyof Ocean) =>
    round2(
      Math.min(
        0.95,
        Math.max(0.05, 0.5 + (level.bias[key] ?? 0) + (area.bias[key] ?? 0) + (rng.next() - 0.5) * 0.3),
      ),
    );
  return { o: trait('o'), c: trait('c'), e: trait('e'), a: trait('a'), n: trait('n') };
}

/** MBTI letters follow the Big Five traits they correlate with. */
function mbtiOf(ocean: Ocean): string {
  return (
    (ocean.e >= 0.5 ? 'E' : 'I') +
    (ocean.o >= 0.55 ? 'N' : 'S') +
    (ocean.a >= 0.6 ? 'F' : 'T') +
    (ocean.c >= 0.55 ? 'J' : 'P')
  );
}

export function analyse(input: ProfileInput, lang: Lang): Facts {
  const tr = (t: T) => (lang === 'pt' ? t[0] : t[1]);
  const company = input.empresa.trim();
  const fullName = `${input.primeiro_nome} ${input.ultimo_nome ?? ''}`.trim();
  const companyKey = normalizeText(company);
  const personKey = `${normalizeText(fullName)}|${companyKey}`;

  // Company facts come from the company alone, so colleagues share them.
  const c = new Rng(`company|${companyKey}`);
  const sector = sectorOf(companyKey, c);
  const size = c.pick(SIZES);
  const hq = c.weighted(CITIES);
  const trendIdx = c.sample([0, 1, 2, 3], 3);
  const initiativeIdx = c.sample([0, 1, 2], 2);
  const opportunityIdx = c.sample([0, 1, 2], 2);
  const challengeIdx = c.sample([0, 1, 2], 2);

  const r = new Rng(`person|${personKey}`);
  const level = r.weighted(LEVELS);
  const areaId = r.chance(0.6) ? r.pick(sector.areas) : r.pick(AREAS).id;
  const area = AREAS.find((a) => a.id === areaId) ?? AREAS[0]!;
  const head = r.chance(0.4);
  const city = r.chance(0.8) ? hq : r.weighted(CITIES);
  const ocean = oceanOf(level, area, r);
  const interestIdx = r.sample([0, 1, 2, 3, 4], 3);
  const painIdx = r.sample([0, 1, 2, 3, 4], 3);
  const motivatorIdx = r.sample([0, 1, 2, 3], 3);
  const impactIdx = r.sample([0, 1, 2, 3], 3);
  const impactNumbers = impactIdx.map(() => ({ n: r.int(10, 40), p: r.int(85, 97), d: r.int(2, 9) }));
  const kpiIdx = r.sample([0, 1, 2, 3], 3);
  const gains = kpiIdx.map(() => r.int(8, 35));

  const mbti = mbtiOf(ocean);
  const [ei, sn, tf, jp] = mbti.split('') as [string, string, string, string];
  const temperament = TEMPERAMENTS[sn === 'N' ? sn + tf : sn + jp]!;
  const feminine = isFeminine(input.primeiro_nome);
  const cargo = title(level, area, feminine, head, lang);
  const region = REGIONS[city.region];
  const pains = painIdx
    .map((i) => area.pains[i]!)
    .map((p) => ({ challenge: tr(p.challenge), impact: tr(p.impact) }));
  const motivators = motivatorIdx
    .map((i) => area.motivators[i]!)
    .map((m) => ({ text: tr(m.text), impact: tr(m.impact) }));
  const impacts = impactIdx.map((i, k) => fill(tr(area.impacts[i]!), impactNumbers[k]!));
  const kpis = kpiIdx.map((i) => tr(area.kpis[i]!));
  const communication = tr(COMMUNICATION[ei + tf]!);
  const nounIndex = lang === 'en' ? 2 : feminine ? 1 : 0;
  const noun = temperament.noun[nounIndex];
  const channels = [
    ...CHANNELS[ei as 'E' | 'I'],
    ...(level.id === 'clevel' ? ['Indicação de um executivo em comum'] : []),
  ];
  const slug = normalizeText(fullName)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

  return {
    perfil_profissional: `https://www.linkedin.com/in/${slug}-${hash(personKey).toString(16).padStart(8, '0').slice(0, 6)}`,
    cargo,
    tipo_stakeholder: level.stakeholder,
    localizacao_detectada: `${city.name}, ${city.uf}, ${lang === 'pt' ? 'Brasil' : 'Brazil'}`,
    interesses_profissionais: [...interestIdx.map((i) => tr(area.interests[i]!)), tr(sector.interest)],
    persona: {
      titulo: lang === 'pt' ? `${noun} ${tr(area.persona)}` : `The ${tr(area.persona)} ${noun}`,
      descricao:
        lang === 'pt'
          ? `${cargo} em ${company}: ${tr(level.influence)}. Estilo de comunicação: ${lowerFirst(communication)}. Principal motivador: ${lowerFirst(motivators[0]!.text)}.`
          : `${cargo} at ${company}: ${tr(level.influence)}. Communication style: ${lowerFirst(communication)}. Main motivator: ${lowerFirst(motivators[0]!.text)}.`,
    },
    pains,
    motivators,
    impacts,
    contextualImpacts: impacts.map((phrase) => `${company}: ${lowerFirst(phrase)}`),
    business: {
      setor: tr(sector.name),
      tamanho_empresa: tr(size.name),
      tendencias_mercado: trendIdx.map((i) => tr(sector.trends[i]!)),
    },
    regional: {
      contexto_regulatorio: tr(sector.regulation),
      oportunidades_locais: [
        ...opportunityIdx.map((i) => tr(sector.opportunities[i]!)),
        tr(region.opportunity),
      ],
      desafios_regionais: [...challengeIdx.map((i) => tr(sector.challenges[i]!)), tr(region.challenge)],
    },
    ocean: {
      openness: ocean.o,
      conscientiousness: ocean.c,
      extraversion: ocean.e,
      agreeableness: ocean.a,
      neuroticism: ocean.n,
      emotional_stability: round2(1 - ocean.n),
    },
    mbti,
    mbtiDescription: tr(MBTI_DESCRIPTIONS[mbti]!),
    personality: tr(temperament.personality),
    communication,
    working: tr(WORKING[sn + jp]!),
    decision: tr(DECISION[tf + jp]!),
    strengths: [tr(level.strength), ...[sn, tf, ei].map((letter) => tr(STRENGTHS[letter]!))],
    trust: [tf, sn, jp].map((letter) => tr(TRUST[letter]!)),
    dynamicPains: pains.map((pain, i) => ({
      contexto: tr([sector.context, region.challenge, sector.challenges[challengeIdx[0]!]!][i]!),
      desafio: pain.challenge,
      impacto_estimado:
        lang === 'pt'
          ? `Potencial de ganho de ${gains[i]}% em ${lowerFirst(kpis[i]!)}`
          : `Potential ${gains[i]}% gain in ${lowerFirst(kpis[i]!)}`,
    })),
    priorities: kpis,
    plus: {
      competition: fill(sector.competition, { company }),
      initiatives: initiativeIdx.map((i) => fill(sector.initiatives[i]!, { company })),
      marketPosition: fill(size.position, { company, region: hq.region }),
      timing: level.timing,
      contentType: temperament.content,
      channels,
      approach: `Abordagem consultiva ${tf === 'T' ? 'orientada a dados e ROI' : 'centrada nas pessoas e no impacto no time'}, começando por ${lowerFirst(channels[0]!)} (${lowerFirst(level.timing)})`,
    },
  };
}
