import { toApiError } from '@/lib/api/errors';
import type { History } from '@/lib/history';
import { exportRequestSchema, type ExportReply } from '@/lib/messaging';
import { entryText } from '@/lib/model';

/** Entries read and handed to the page per step of the export. */
export const EXPORT_STEP = 1_000;

/** A message from one of our pages to the service worker itself (postMessage), with the port to answer on. */
export interface WorkerMessage {
  data: unknown;
  ports: readonly { postMessage(message: ExportReply): void; close(): void }[];
}

/**
 * The whole history for the export, asked through the service worker's own channel (only our extension's pages
 * reach it: it is same-origin): a step of entries at a time on the port given, each step read while the page writes
 * the one before, then the count, or the error. Each entry crosses as its JSON text (entryText), which the page writes
 * into the file as it is. They are those the history holds (its deletions and retention apply), newest first.
 */
export async function answerExport(history: Pick<History, 'page'>, message: WorkerMessage): Promise<void> {
  const port = message.ports[0];
  if (!port || !exportRequestSchema.safeParse(message.data).success) return;
  let next: ReturnType<History['page']> | null = history.page(null, EXPORT_STEP);
  let count = 0;
  try {
    while (next) {
      const page: Awaited<ReturnType<History['page']>> = await next;
      next = page.next ? history.page(page.next, EXPORT_STEP) : null;
      count += page.entries.length;
      port.postMessage({
        type: 'page',
        entries: page.entries.map(entryText),
        done: count,
        total: Math.max(page.total, count),
      });
    }
    port.postMessage({ type: 'done', count });
  } catch (e) {
    next?.catch(() => undefined);
    port.postMessage({ type: 'error', error: toApiError(e) });
  } finally {
    port.close();
  }
}
