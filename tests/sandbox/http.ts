/** Small HTTP helpers shared by the route handlers. */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 1024 * 1024;

export interface SandboxRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The address the client used, e.g. http://127.0.0.1:8787. */
  origin: string;
  /** Requests the same connection served before this one (0 on a new connection). */
  served?: number;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** Reads the whole body; null when it exceeds `limit` bytes. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

type JsonResult = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJson(req: SandboxRequest): JsonResult {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return { ok: false, message: `Content-Type deve ser application/json (recebido: ${type || 'nenhum'})` };
  }
  try {
    return { ok: true, value: JSON.parse(req.body.toString('utf8')) };
  } catch {
    return { ok: false, message: 'O corpo da requisição não é um JSON válido' };
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const header = (req: SandboxRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
