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
