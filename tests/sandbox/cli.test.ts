/** `npm run sandbox`: the command line starts a sandbox and prints its address and the demo keys. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';

const main = path.join(import.meta.dirname, 'main.ts');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

/** Starts the CLI and resolves with what it printed once it is serving. */
function start(args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ctrl+C')) resolve(output);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

it('prints the address and every demo key with its tier, plan and credits, and serves', async () => {
  const output = await start(['--port', '0']);
  const address = /em (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  expect(address).toBeDefined();
  for (const key of Object.values(DEMO_KEYS)) expect(output).toContain(key);
  expect(output).toMatch(/basic_api_\S+\s+tier basic\s+plano platform_professional\s+500 créditos/);
  expect(output).toMatch(/complete_api_sandboxDemoLow01\s+tier complete\s+plano crm_business\s+3 créditos/);
  expect(output).toContain('escala de latência 0.01');
  expect((await fetch(`${address}/health`)).status).toBe(200);
});

it('takes the port from PORT and the latency from --latency real', async () => {
  const port = await freePort();
  const output = await start(['--latency', 'real'], { PORT: String(port) });
  expect(output).toContain(`http://127.0.0.1:${port}`);
  expect(output).toContain('escala de latência 1');
});

it('refuses a bad option value', async () => {
  await expect(start(['--latency', 'fast'])).rejects.toThrow(/exited with 2/);
});
