/*
 * Which models of the model API can write a draft. The list (/v1/models) says nothing about what each model
 * does, so the id decides: embedding models, completion-only models and the audio/image/moderation families
 * cannot hold a chat, and a draft sent to one fails.
 */

const NOT_CHAT = [
  /embed/,
  /(^|[-_.:/])(completion|completions|instruct)([-_.:/]|$)/,
  /^(text-)?(davinci|curie|babbage|ada)([-_.]|$)/,
  /moderation|whisper|tts|dall-?e|image|audio|transcri|rerank|speech/,
];

export function isChatModel(id: string): boolean {
  const name = id.trim().toLowerCase();
  if (!name) return false;
  // A name that says chat is a chat model ("…-chat-completion" included).
  if (/(^|[-_.:/])chat([-_.:/]|$)/.test(name)) return true;
  return !NOT_CHAT.some((p) => p.test(name));
}

/**
 * The chat model to write with, from the model API's list: the one the settings prefer, else the service's own
 * 'service-chat', else the first chat model; undefined when the list offers no chat model.
 */
export function pickChatModel<M extends { id: string }>(
  list: readonly M[],
  preferred: string | undefined,
): { chat: M[]; pick: M | undefined } {
  const chat = list.filter((m) => isChatModel(m.id));
  const pick = chat.find((m) => m.id === preferred) ?? chat.find((m) => m.id === 'service-chat') ?? chat[0];
  return { chat, pick };
}
