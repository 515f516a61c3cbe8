import type { Analysis } from '@/lib/analysis/model';
import { topTraits, type TraitScore } from '@/lib/analysis/summary';
import type { HistoryEntry, Text } from '@/lib/model';
import { fold } from '@/lib/text';

/*
 * The buying committee of one company, from analyses already paid for (no extra credits): people grouped by
 * stakeholder class, who decides and who influences, and the pain points they share.
 */

export const STAKEHOLDER_CLASSES = ['decisor', 'gestor', 'contribuidor', 'outro'] as const;
export type StakeholderClass = (typeof STAKEHOLDER_CLASSES)[number];

export const CLASS_LABELS: Record<StakeholderClass, string> = {
  decisor: 'Alta direção e decisores',
  gestor: 'Gestores',
  contribuidor: 'Contribuidores individuais',
  outro: 'Outros',
};

export interface Member {
  entryId: string;
  name: string;
  cargo?: string;
  stakeholder?: string;
  klass: StakeholderClass;
  mbti?: string;
  traits: TraitScore[];
  decisionMaking?: string;
  communicationStyle?: string;
}

export interface SharedPain {
  desafio: string;
  /** Names of the people who have it. */
  people: string[];
}

export interface Committee {
  company: string;
  members: Member[];
  byClass: Record<StakeholderClass, Member[]>;
  deciders: Member[];
  influencers: Member[];
  /** Pain points held by two or more people, most shared first; else everyone's, once each. */
  sharedPains: SharedPain[];
  approach: Text[];
}

const C_LEVEL =
  /\b(c-?level|ceo|cfo|cto|coo|cio|cmo|chief|diretora?|director|presidenta?|president|vp|vice|socia?|founder|fundadora?|head)\b/;
const MANAGER = /\b(manager|gerente|gestora?|coordenadora?|coordinator|lead|lider|supervisora?)\b/;

/** The stakeholder class the service gave, or else the role, read as one of four classes. */
export function classify(a: Analysis): StakeholderClass {
  const text = fold(`${a.tipoStakeholder ?? ''} ${a.tipoStakeholder ? '' : (a.cargo ?? '')}`);
  if (C_LEVEL.test(text)) return 'decisor';
  if (MANAGER.test(text)) return 'gestor';
  if (/\b(individual|contribuidor|analista|analyst|especialista|specialist|engineer|engenheiro)\b/.test(text))
    return 'contribuidor';
  return 'outro';
}

const nameOf = (e: HistoryEntry) => `${e.input.primeiro_nome} ${e.input.ultimo_nome}`.trim();

/** Companies with analysed people, most people first. */
export function companiesOf(entries: HistoryEntry[]): { company: string; count: number }[] {
  const byKey = new Map<string, { company: string; count: number }>();
  for (const e of entries) {
    const key = fold(e.input.empresa);
    const c = byKey.get(key) ?? { company: e.input.empresa, count: 0 };
    c.count++;
    byKey.set(key, c);
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count || a.company.localeCompare(b.company));
}

export function buildCommittee(company: string, entries: HistoryEntry[]): Committee {
  const people = entries.filter((e) => fold(e.input.empresa) === fold(company));
  const members = people.map(
    (e): Member => ({
      entryId: e.id,
      name: nameOf(e),
      ...(e.analysis.cargo && { cargo: e.analysis.cargo }),
      ...(e.analysis.tipoStakeholder && { stakeholder: e.analysis.tipoStakeholder }),
      klass: classify(e.analysis),
      ...(e.analysis.mbti && { mbti: e.analysis.mbti.type }),
      traits: topTraits(e.analysis, 2),
      ...(e.analysis.decisionMaking && { decisionMaking: e.analysis.decisionMaking }),
      ...(e.analysis.communicationStyle && { communicationStyle: e.analysis.communicationStyle }),
    }),
  );
  const byClass = Object.fromEntries(
    STAKEHOLDER_CLASSES.map((k) => [k, members.filter((m) => m.klass === k)]),
  ) as Record<StakeholderClass, Member[]>;
  // Without any C-Level, the most senior class present decides.
  const deciderClass = STAKEHOLDER_CLASSES.find((k) => byClass[k].length > 0);
  const deciders = deciderClass ? byClass[deciderClass] : [];
  const influencers = members.filter((m) => !deciders.includes(m));
  const sharedPains = painsOf(people);
  return {
    company,
    members,
    byClass,
    deciders,
    influencers,
    sharedPains,
    approach: approachOf(deciders, influencers, sharedPains),
  };
}

function painsOf(people: HistoryEntry[]): SharedPain[] {
  const byKey = new Map<string, SharedPain>();
  for (const e of people) {
    const name = nameOf(e);
    const own = [
      ...e.analysis.painPoints.map((p) => p.desafio),
      ...e.analysis.dynamicPainPoints.map((p) => p.desafio),
    ];
    for (const desafio of own) {
      const key = fold(desafio);
      const pain = byKey.get(key) ?? { desafio, people: [] };
      if (!pain.people.includes(name)) pain.people.push(name);
      byKey.set(key, pain);
    }
  }
  const all = [...byKey.values()].sort((a, b) => b.people.length - a.people.length);
  const shared = all.filter((p) => p.people.length > 1);
  return (shared.length ? shared : all).slice(0, 6);
}

const names = (ms: Member[]) => ms.map((m) => m.name).join(', ');

function approachOf(deciders: Member[], influencers: Member[], pains: SharedPain[]): Text[] {
  const steps: Text[] = [];
  const top = pains[0];
  if (top) {
    steps.push(
      top.people.length > 1
        ? {
            pt: `Abra pela dor que ${top.people.length} pessoas compartilham: ${top.desafio}.`,
            en: `Open with the pain ${top.people.length} people share: ${top.desafio}.`,
          }
        : {
            pt: `Abra pela dor mais citada: ${top.desafio}.`,
            en: `Open with the most cited pain: ${top.desafio}.`,
          },
    );
  }
  if (influencers.length) {
    steps.push({
      pt: `Construa apoio com quem influencia (${names(influencers)}) antes da proposta.`,
      en: `Build support with the influencers (${names(influencers)}) before the proposal.`,
    });
  }
  if (deciders.length) {
    const how = deciders.find((d) => d.decisionMaking)?.decisionMaking;
    steps.push({
      pt: `Leve a decisão a ${names(deciders)}${how ? `; como decide: ${how}` : ''}.`,
      en: `Take the decision to ${names(deciders)}${how ? `; how they decide: ${how}` : ''}.`,
    });
  }
  return steps;
}
