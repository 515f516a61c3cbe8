/**
 * Writes lib/extract/rules/given-names.data.ts: the given names the detection knows, folded (lower case, no accents),
 * sorted and written one after another with a space between, for the names module (entrypoints/extract-names.ts)
 * to split into a set in one native call when the extension first asks who is on a page (about 10 kB; decoding a
 * front-coded list of half that size took 3 ms in the page, the split 0.5 ms).
 *
 * Sources:
 * - the first names of @faker-js/faker (MIT licence): locales pt_BR, pt_PT, es and es_MX, and those of en that
 *   another locale's list (de, fr, it, nl, en_AU, en_IN, sv, pl) has too;
 * - BRAZIL below: a hand-written list of given names common in Brazil that those locales miss, following the
 *   top of IBGE's 2010 census ranking ("Nomes no Brasil") as published; not a download of its data.
 *
 * Run: npm run names
 */
import { writeFileSync } from 'node:fs';
import { allLocales } from '@faker-js/faker';

// Portuguese and Spanish in full; English names only where another locale lists them too (the widely used ones)
const LOCALES = ['pt_BR', 'pt_PT', 'es', 'es_MX'] as const;
const WIDELY = ['de', 'fr', 'it', 'nl', 'en_AU', 'en_IN', 'sv', 'pl'] as const;

// IBGE 2010 census ranking (most frequent given names) and common Brazilian given names
const BRAZIL = `maria jose ana joao antonio francisco carlos paulo pedro lucas luiz marcos luis gabriel rafael
francisca daniel marcelo bruno eduardo felipe raimundo rodrigo manoel mateus andre fernando fabio leonardo
gustavo guilherme leandro tiago thiago anderson ricardo marcio jorge sebastiao alexandre roberto edson diego
vitor victor sergio claudio matheus joaquim renato vinicius ana adriana juliana marcia fernanda patricia aline
sandra camila amanda bruna jessica leticia julia luciana vanessa mariana gabriela vera vitoria larissa claudia
beatriz rita luana sonia renata eliane josefa simone natalia cristiane carla debora rosangela jaqueline rosa
daniela aparecida marlene terezinha raimunda andreia fabiana lucia raquel angela rafaela joana luzia elaine
priscila tatiane thais tais cristina silvia regina helena paula carolina isabela isabel sabrina monica viviane
kelly michele michelle erica erika gisele jaqueline karina katia lorena marina milena nathalia pamela rayssa
sueli tania vanda yasmin alice laura manuela valentina sophia sofia heloisa isadora lara livia cecilia
luiza lais bianca clara eloa esther emanuelly ingrid lavinia melissa nicole rebeca stella vitoria agatha
alana alessandra andressa barbara bianca carina cintia denise edna elisa eliana fatima gislaine graca gracas
iara iris irene ivone jaqueline joice jordana jussara keila kelen lidiane ligia lilian lucimara luciene
marilia marisa mirela mirian nadia neide neusa noemi odete olga poliana rosana rosemeire roseli samara
sara silvana solange suelen taina tamires tatiana vania veronica viviane wanda zilda arthur bernardo davi
heitor enzo miguel theo lorenzo benjamin samuel henrique murilo pietro benicio cauã caua otavio joaquim
nicolas cesar caio igor ivan jonas julio juliano junior kaique kleber leo levi luan marcelo mauricio mauro
moises murilo nelson nilton osvaldo otavio patrick raul reinaldo renan robson rogerio ronaldo rubens silvio
valdir valter vagner wagner wellington wesley william willian wilson adilson ademir adriano alan alberto
alex alexsandro alisson allan amauri anselmo artur augusto benedito caetano celso cicero cleber cristiano
danilo davi denis douglas edgar edilson edivaldo edmilson elias emerson enrique erick everton evandro
ezequiel fabiano fabricio flavio gilberto gilmar gilson giovani giovanni gustavo hamilton helio herbert
hugo humberto iago italo jair jefferson jeferson joel jonatas jonathan josue juliano kauan kevin lauro
leonel lourenco luciano lucio manuel marcio mario marlon mateus max milton nathan noel odair orlando
osmar pablo regis renato ricardo romulo ronaldo sandro saulo tadeu tiago ubiratan valdemar vanderlei
vicente vinicius wander washington yuri zeca jose-carlos`;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const names = new Set<string>();
const add = (s: string) => {
  for (const w of fold(s).split(/[\s-]+/)) if (/^[a-z']{2,}$/.test(w)) names.add(w);
};
const firstNames = (locale: string) => {
  const first = (allLocales as Record<string, { person?: { first_name?: unknown } }>)[locale]?.person
    ?.first_name;
  return (Array.isArray(first) ? first : Object.values(first ?? {}).flat()) as string[];
};
for (const l of LOCALES) firstNames(l).forEach(add);
const elsewhere = new Set(WIDELY.flatMap(firstNames).map(fold));
firstNames('en')
  .filter((n) => elsewhere.has(fold(n)))
  .forEach(add);
add(BRAZIL);
// words that are given names in some locale but read as ordinary words on Brazilian and English pages
for (const w of [
  'de',
  'da',
  'do',
  'sales',
  'will',
  'may',
  'june',
  'april',
  'grant',
  'sterling',
  'chase',
  'page',
  'home',
  'news',
  'team',
])
  names.delete(w);

const out = [...names].sort().join(' ');
const file = new URL('../../lib/extract/rules/given-names.data.ts', import.meta.url);
writeFileSync(
  file,
  `// Written by tests/data/given-names.ts (npm run names): ${names.size} given names, folded, sorted, a space between.\n// Sources: @faker-js/faker first names (MIT licence; pt_BR, pt_PT, es, es_MX, en where another locale has them) and a hand-written list of common Brazilian given names (after IBGE's 2010 ranking).\n// prettier-ignore\nexport const GIVEN_NAMES = ${JSON.stringify(out)};\n`,
);
console.log(`${names.size} names, ${out.length} characters`);
