/*
 * The words the name rules (lib/extract/names.ts) and the team page reader (lib/extract/evidence/team-page.ts) read
 * names, titles and companies by, as regular expressions: they run on every word of every name read, where a set's
 * lookup would first need the word folded.
 */

// the small words of names: "Maria das Graças", "João dos Santos e Silva", "Ludwig van Beethoven"
export const NAME_PARTICLE = /^(?:d[aeo]s?|d'|e|y|di|del|della|van|von|der|den|la|le|du|bin|al|ter)$/;

// the record types a CRM writes before a name ("Contato Sr. João Lima"): never a name on their own
export const RECORD_LABEL = '(?:contato|contact|lead|pessoa|person|cliente|prospect)';

// degrees and certifications written after a name ("Ana Souza, MBA"): never part of a name, never a company
export const DEGREE = '(?:MBA|PMP|Ph\\.?D|MSc|CPA|CFA|CSM|CSPO|PSM|ITIL)';

// LinkedIn's employment types, durations and dates: "Nubank · Tempo integral", "5 anos 2 meses", "jan de 2020 - o momento".
export const NOT_COMPANY =
  /^(?:tempo integral|meio per[ií]odo|(?:full|part)[- ]?time|aut[oô]nomo|freelancer?|self-employed|contract|tempor[aá]rio|est[aá]gio|internship|trainee|terceirizado|remot[oe]|h[ií]brido|hybrid|presencial|on-site)$|^(?:\d+\+? ?(?:anos?|m[eê]s(?:es)?|yrs?|years?|mos?|months?) ?)+$|^(?:(?:jan|fe[vb]|mar|a[bp]r|ma[iy]|ju[nl]|a[gu]g|se[tp]|o[uc]t|nov|de[zc])\S* (?:de )?)?(?:19|20)\d\d ?(?:[-–]|$)/i;

// 2 to 6 words, each capitalised or a particle: "Maria das Graças Souza", "ANA LIMA".
export const WRITTEN_NAME =
  /^\p{Lu}[\p{L}'’.-]*(?: (?:d[aeo]s?|e|di|del|van|von|der|la|le|du|\p{Lu}[\p{L}'’.-]*)){1,5}$/u;

// Words of job titles, in Portuguese and English: most roles on a team page have one.
export const JOB =
  /\b(?:c[etfmo]o|chief|officer|diret|director|gerente|manager|head|l[ií]der|lead|analista|analyst|coordenad|coordinator|s[oó]ci[oa]|partner|found|fundad|cofundad|presidente|president|vp|vice|engenheir|engineer|consultor|consultant|especialista|specialist|executiv|supervis|assistente|assistant|advogad|lawyer|contador|accountant|designer|desenvolvedor|developer|chefe|superintendente|estagi|intern|product|marketing|vendas|sales|comercial|financ|opera[cç]|people|rh|hr|s[eê]nior|j[uú]nior|pleno|owner|cientista|scientist|pesquisador|researcher|professor|m[eé]dic|arquitet|architect|recrut|recruit|atendimento|success|suporte|support|administra|secret[aá]ri|t[eé]cnic)/i;
