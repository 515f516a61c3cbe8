import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from '@playwright/test';

/** Sends the extension's model API requests (/v1) to `url`. */
export async function pointModelApiAt(worker: Worker, url: string) {
  await worker.evaluate(async (u) => {
    const { settings = {} } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...settings, llmBaseUrl: u } });
  }, url);
}

/** Forwards to the sandbox, but hands a streamed body over 20 bytes at a time, and notes a client that hangs up. */
export async function dripProxy(target: string) {
  const seen = { streams: 0, closedEarly: 0, bytesBeforeClose: 0, total: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const upstream = await fetch(`${target}${req.url}`, {
          method: req.method,
          headers: {
            authorization: req.headers.authorization ?? '',
            'content-type': 'application/json',
          },
          body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
        });
        const body = Buffer.from(await upstream.arrayBuffer());
        const type = upstream.headers.get('content-type') ?? 'application/json';
        res.writeHead(upstream.status, { 'content-type': type, 'access-control-allow-origin': '*' });
        if (!type.includes('event-stream')) return void res.end(body);
        seen.streams++;
        seen.total = body.length;
        let sent = 0;
        res.on('close', () => {
          if (sent < body.length) {
            seen.closedEarly++;
            seen.bytesBeforeClose = sent;
          }
        });
        while (sent < body.length && !res.destroyed) {
          res.write(body.subarray(sent, sent + 20));
          sent += 20;
          await new Promise((r) => setTimeout(r, 25));
        }
        if (!res.destroyed) res.end();
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((r) => server.close(r)) };
}
