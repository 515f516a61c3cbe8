import { toApiError } from '@/lib/api/errors';
import type { History } from '@/lib/history';
import { historyFileWriter } from '@/lib/export';
import { exportRequestSchema, type ExportReply } from '@/lib/messaging';

/** Entries read and handed to the page per step of the export. */
export const EXPORT_STEP = 250;

/** A message from one of our pages to the service worker itself (postMessage), with the port to answer on. */
export interface WorkerMessage {
  /** The sender's origin (ExtendableMessageEvent.origin): `chrome-extension://<id>` for our pages. */
  origin: string;
  data: unknown;
  ports: readonly { postMessage(message: ExportReply): void; close(): void }[];
}

/**
 * The whole history as a file in the format asked, through the service worker's own channel (same-origin, and
 * checked like every other channel: a message whose origin is not `ours`, our pages' `chrome-extension://<id>/`,
 * gets no answer and its port is closed): written here a step of entries at a time, each step's text posted on the port
 * given while the next step is read, then the closing text with the count, or the error. The entries are those the
 * history holds (its deletions and retention apply), newest first.
 */
export async function answerExport(
  history: Pick<History, 'page'>,
  message: WorkerMessage,
  ours: string,
): Promise<void> {
  const port = message.ports[0];
  if (!port) return;
  // `ours` ends in '/', an origin never does (URL.origin would read 'null' for this scheme outside Chrome).
  if (`${message.origin}/` !== ours) return port.close();
  const request = exportRequestSchema.safeParse(message.data);
  if (!request.success) return;
  const writer = historyFileWriter(request.data.format);
  let next: ReturnType<History['page']> | null = history.page(null, EXPORT_STEP);
  let count = 0;
  try {
    while (next) {
      const page: Awaited<ReturnType<History['page']>> = await next;
      next = page.next ? history.page(page.next, EXPORT_STEP) : null;
      const text = (count === 0 ? writer.start : '') + writer.part(page.entries);
      count += page.entries.length;
      port.postMessage({ type: 'page', text, done: count, total: Math.max(page.total, count) });
    }
    port.postMessage({ type: 'done', text: writer.end(), count });
  } catch (e) {
    next?.catch(() => undefined);
    port.postMessage({ type: 'error', error: toApiError(e) });
  } finally {
    port.close();
  }
}
