import { z } from 'zod';
import { browser } from 'wxt/browser';
import { filesFor } from '@/lib/extract/sites';
import { COMPOSE_FILE } from '@/lib/compose/file';
import type { ComposeRequest, ComposeResult, ParsedRequest, Responses } from '@/lib/messaging';

/* "Inserir na mensagem" and "Revisar meu texto" reach the compose box through the tab's content script. */

/** The content script's answer is checked like any input from a web page. */
const resultSchema: z.ZodType<ComposeResult> = z.union([
  z.object({
    ok: z.literal(true),
    kind: z.enum(['editor', 'textarea']),
    limit: z.number().int().positive().nullable(),
    text: z.string().max(50_000).optional(),
    subject: z.enum(['filled', 'kept', 'none']).optional(),
  }),
  z.object({ ok: z.literal(false), reason: z.enum(['none', 'many']) }),
  z.object({
    ok: z.literal(false),
    reason: z.literal('too-long'),
    limit: z.number().int().positive(),
    room: z.number().int(),
  }),
]);

async function ask(tabId: number, request: ComposeRequest): Promise<ComposeResult | null> {
  try {
    const reply: unknown = await browser.tabs.sendMessage(tabId, request, { frameId: 0 });
    const parsed = resultSchema.safeParse(reply);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Asks the tab's content script. A tab opened before the extension was installed, or a site with no script of its
 * own (a CRM such as Agendor or Zoho, read through the user's gesture: activeTab, or a site they let it keep
 * reading), gets the script injected once, with the compose module beside it (such a site may not load it itself).
 */
async function relay(tabId: number, request: ComposeRequest): Promise<Responses['compose.insert']> {
  const first = await ask(tabId, request);
  if (first) return first;
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  const url = tab?.url ?? '';
  if (!/^https?:/.test(url)) return { ok: false, reason: 'no-script' };
  try {
    await browser.scripting.executeScript({ target: { tabId }, files: [...filesFor(url), COMPOSE_FILE] });
  } catch {
    return { ok: false, reason: 'no-script' };
  }
  return (await ask(tabId, request)) ?? { ok: false, reason: 'no-script' };
}

export const composeInsert = ({ tabId, text, replace, subject, target }: ParsedRequest<'compose.insert'>) =>
  relay(tabId, { type: 'compose', op: 'insert', text, replace, target, ...(subject ? { subject } : {}) });

export const composeRead = ({ tabId }: ParsedRequest<'compose.read'>) =>
  relay(tabId, { type: 'compose', op: 'read' });
