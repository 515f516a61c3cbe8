/** What the model API produces: the model list, token counts, deterministic texts and embeddings. */
import { Rng, hash, normalizeText } from './random';

const CREATED = 1_717_200_000;

export type ModelKind = 'chat' | 'completion' | 'embedding';
export const MODELS: readonly { id: string; kind: ModelKind; maxTokens: number; dimensions?: number }[] = [
  { id: 'service-chat', kind: 'chat', maxTokens: 4096 },
  { id: 'service-completion', kind: 'completion', maxTokens: 2048 },
  { id: 'service-completion-large', kind: 'completion', maxTokens: 4096 },
  { id: 'service-embedding', kind: 'embedding', maxTokens: 8191, dimensions: 1536 },
  { id: 'service-embedding-large', kind: 'embedding', maxTokens: 8191, dimensions: 3072 },
];

export function modelObject(id: string) {
  const model = MODELS.find((m) => m.id === id);
  if (!model) return undefined;
  return {
    id,
    object: 'model',
    created: CREATED,
    owned_by: 'service',
    permission: [
      {
        id: `modelperm-${hash(id).toString(16)}`,
        object: 'model_permission',
        created: CREATED,
        allow_create_engine: false,
        allow_sampling: model.kind !== 'embedding',
        allow_logprobs: model.kind !== 'embedding',
        allow_search_indices: model.kind === 'embedding',
        allow_view: true,
        allow_fine_tuning: false,
        organization: '*',
        group: null,
        is_blocking: false,
      },
    ],
    root: id,
    parent: null,
  };
}

/** A token is a word with the spaces before it, so that joining tokens gives the text back. */
export const tokenize = (text: string): string[] => text.match(/\s*\S+/g) ?? [];
export const countTokens = (text: string) => tokenize(text).length;

const OPENINGS = ['Claro!', 'Perfeito.', 'Entendido.', 'Boa pergunta.'];
const STEPS = [
  'mapeie quem decide, quem influencia e quem usa a solução',
  'abra a conversa com um dado concreto sobre o setor do cliente',
  'conecte a proposta a uma meta que a pessoa já persegue',
  'proponha um piloto curto, com critérios de sucesso combinados',
  'traga um caso de cliente parecido, com números verificáveis',
  'antecipe as objeções de orçamento e de prazo de implantação',
  'defina o próximo passo com data antes de encerrar a reunião',
];
const CLOSINGS = [
  'Posso detalhar qualquer um desses pontos.',
  'Se quiser, preparo uma mensagem de abordagem.',
  'Ajuste o tom ao estilo de comunicação do comprador.',
];
const SENTENCES = [
  'Em vendas B2B, o contexto do comprador pesa mais do que o produto.',
  'Equipes que registram cada interação fecham negócios com mais previsibilidade.',
  'A primeira reunião deve terminar com um próximo passo claro.',
  'Dados públicos ajudam a entender prioridades antes do primeiro contato.',
  'Propostas objetivas, com retorno estimado, encurtam o ciclo de decisão.',
  'No Brasil, relacionamento e confiança continuam decisivos na compra.',
  'Um bom diagnóstico evita descontos desnecessários no fechamento.',
  'Mensagens personalizadas têm taxas de resposta bem maiores.',
];

const excerpt = (text: string, words: number) => {
  const tokens = tokenize(text.trim());
  return tokens.slice(0, words).join('').trim() + (tokens.length > words ? '…' : '');
};

/** The assistant's reply: a Portuguese template built from the conversation. */
/**
 * A review in the line format the review prompt asks for (`VEREDITO:`, aspects, `TROCAR: "old" => "new"`), built
 * from the seller's text between `<<<` and `>>>`: deterministic, so tests can read it.
 */
export function reviewReply(user: string): string {
  const text = /<<<\n?([\s\S]*?)\n?>>>/.exec(user)?.[1]?.trim() ?? '';
  const words = tokenize(text).length;
  const sentences =
    text
      .match(/[^.!?\n]+[.!?]?/g)
      ?.map((x) => x.trim())
      .filter(Boolean) ?? [];
  const first = sentences[0] ?? '';
  const last = sentences.length > 1 ? sentences.at(-1)! : '';
  const lines = [
    `VEREDITO: ${words > 80 ? 'O texto é longo para uma pessoa objetiva; encurte e vá direto ao ponto.' : 'O texto combina com o estilo da pessoa; dois ajustes deixam a abertura mais direta.'}`,
    `TOM: ${/!{2,}|[A-Z]{5,}/.test(text) ? 'enfático demais; prefira um tom sóbrio.' : 'adequado, cordial e profissional.'}`,
    `TAMANHO: ${words} palavras; ${words > 80 ? 'reduza para menos de 80.' : 'bom para uma primeira mensagem.'}`,
    'OBJETIVIDADE: diga na primeira frase o que propõe.',
    'ABERTURA: comece pelo desafio que a pessoa enfrenta, não pela sua empresa.',
  ];
  if (first)
    lines.push(`TROCAR: "${first}" => "${excerpt(first, 8).replace(/[…,;:]+$/, '')}, direto ao ponto."`);
  if (last && last !== first)
    lines.push(`TROCAR: "${last}" => "Faz sentido conversarmos 15 minutos nesta semana?"`);
  return lines.join('\n');
}

export function chatReply(messages: readonly { role: string; content: string }[], choice: number): string {
  const rng = new Rng(`${choice}|${messages.map((m) => `${m.role}:${m.content}`).join('\n')}`);
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  if (system.includes('VEREDITO:')) return reviewReply(lastUser);
  // A model follows the channel's instructions: a subject line for e-mail.
  const subject = system.includes('"Assunto: …"')
    ? `Assunto: ${rng.pick(['Uma ideia', 'Próximo passo', 'Conversa rápida'])}\n\n`
    : '';
  const topic = lastUser.trim() ? `Sobre "${excerpt(lastUser, 12)}"` : 'Sobre a sua conversa';
  const earlier = messages.length > 1 ? `, considerando as ${messages.length} mensagens até aqui` : '';
  const steps = rng.sample(STEPS, 3);
  return (
    subject +
    `${rng.pick(OPENINGS)} ${topic}${earlier}, sugiro três passos: ` +
    `1) ${steps[0]}; 2) ${steps[1]}; 3) ${steps[2]}. ${rng.pick(CLOSINGS)}`
  );
}

/** A continuation of `prompt`; with a suffix, a passage written to lead into it. */
export function completionText(prompt: string, choice: number, suffix?: string): string {
  const rng = new Rng(`${choice}|${prompt}|${suffix ?? ''}`);
  const body = ' ' + rng.sample(SENTENCES, 3).join(' ');
  return suffix === undefined ? body : `${body} Por isso, vale lembrar:`;
}

/** Cuts `text` at the first stop sequence, then at `maxTokens` tokens. */
export function finish(text: string, stop: readonly string[], maxTokens: number) {
  const cut = Math.min(...stop.map((s) => text.indexOf(s)).filter((i) => i >= 0));
  const stopped = Number.isFinite(cut) ? text.slice(0, cut) : text;
  const tokens = tokenize(stopped);
  return tokens.length > maxTokens
    ? { text: tokens.slice(0, maxTokens).join(''), tokens: maxTokens, reason: 'length' as const }
    : { text: stopped, tokens: tokens.length, reason: 'stop' as const };
}

/** Deterministic logprobs for the tokens of `text`, with `top` alternatives each. */
export function logprobsOf(text: string, top: number) {
  const tokens = tokenize(text);
  const rng = new Rng(text);
  const logprobs = tokens.map(() => -Math.round(rng.next() * 300) / 100);
  let offset = 0;
  return {
    tokens,
    token_logprobs: logprobs,
    top_logprobs: tokens.map((token, i) =>
      Object.fromEntries(
        [token, ' de', ' que', ' a', ' o'].slice(0, top).map((t, k) => [t, logprobs[i]! - k]),
      ),
    ),
    text_offset: tokens.map((token) => (offset += token.length) - token.length),
  };
}

/**
 * A unit vector in which every word adds its own random direction, so texts sharing words are close.
 * A small component from the whole text keeps different texts apart.
 */
export function embed(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const add = (seed: string, weight: number) => {
    const rng = new Rng(`${dimensions}|${seed}`);
    for (let i = 0; i < dimensions; i++) vector[i]! += (rng.next() * 2 - 1) * weight;
  };
  for (const word of normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? []) add(`w|${word}`, 1);
  add(`t|${text}`, 0.3);
  const norm = Math.hypot(...vector) || 1;
  return vector.map((x) => x / norm);
}

export const toBase64 = (vector: readonly number[]) =>
  Buffer.from(new Float32Array(vector).buffer).toString('base64');
