/**
 * "Another origin" for the redirect faults: a tiny server that records every request it receives (method,
 * path, headers, body) and answers like the service would, with an analysis and a balance of its own, so a
 * client that follows a redirect both leaks and accepts. Tests then assert that it received nothing.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './http';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RunningRecorder {
  url: string;
  /** Every request received, preflights (OPTIONS) included. */
  requests: Recorded[];
  close(): Promise<void>;
}

/** What the other origin answers: well-formed enough to be stored by a client that accepts it. */
const FOREIGN_ANALYSIS = {
  analise: {
    resumo_executivo: 'Análise vinda de outra origem',
    perfil_comportamental: 'Texto que nunca deve aparecer',
  },
  billing_info: { creditos_utilizados: 0, creditos_restantes: 424242, tipo_plano: 'outra_origem' },
  creditos_disponiveis: 424242,
  creditos_restantes: 424242,
  tipo_plano: 'outra_origem',
  tier: 'complete',
  object: 'list',
  data: [{ id: 'modelo-de-outra-origem', object: 'model' }],
};

export async function startRecorder(host = '127.0.0.1'): Promise<RunningRecorder> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: body?.toString('utf8') ?? '',
      });
      // As permissive as possible: whatever a browser asks, it may send.
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(FOREIGN_ANALYSIS));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
