import type { ExportReply, ExportRequest } from '@/lib/messaging';
import { MessageError } from '@/lib/send';

/* A page's side of the history's export (the channel: lib/messaging.ts, exportRequestSchema). */

/**
 * The whole history as a file in `format`, newest first: its text a part at a time to `onPart` (the last part
 * closes the file), with how many entries so far and in all; resolves to the count. Throws MessageError on a
 * failure.
 */
export async function historyFile(
  format: ExportRequest['format'],
  onPart: (text: string, done: number, total: number) => void,
): Promise<number> {
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) throw new Error('No worker to read the history');
  const channel = new MessageChannel();
  return new Promise((resolve, reject) => {
    channel.port1.onmessage = ({ data }: MessageEvent<ExportReply>) => {
      if (data.type === 'page') return onPart(data.text, data.done, data.total);
      channel.port1.close();
      if (data.type === 'error') return reject(new MessageError(data.error));
      onPart(data.text, data.count, data.count);
      resolve(data.count);
    };
    worker.postMessage({ type: 'history.export', format } satisfies ExportRequest, [channel.port2]);
  });
}
