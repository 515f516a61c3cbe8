/**
 * `npm run sandbox [-- --port 8787] [--latency real|<scale>] [--host 127.0.0.1]`: starts the sandbox and
 * prints its address and the demo keys. PORT also sets the port.
 */
import { parseArgs } from 'node:util';
import { demoAccounts } from './accounts';
import { startSandbox } from './server';

const usage = 'Uso: npm run sandbox -- [--port 8787] [--latency real|<escala>] [--host 127.0.0.1]';

function options() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      latency: { type: 'string' },
      host: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const port = Number(values.port ?? process.env.PORT ?? 8787);
  const latency = values.latency ?? '0.01';
  const latencyScale = latency === 'real' ? 1 : Number(latency);
  if (
    !Number.isInteger(port) ||
    port < 0 ||
    port > 65535 ||
    !Number.isFinite(latencyScale) ||
    latencyScale < 0
  ) {
    console.error(usage);
    process.exit(2);
  }
  return { port, latencyScale, host: values.host ?? '127.0.0.1' };
}

const { port, latencyScale, host } = options();
const sandbox = await startSandbox({ port, host, latencyScale });
const keys = demoAccounts().map(
  (a) =>
    `  ${a.name.padEnd(10)} ${a.api_key.padEnd(36)} tier ${a.tier.padEnd(9)} plano ${a.plan.padEnd(22)} ` +
    `${String(a.credits).padStart(5)} créditos${a.status === 'active' ? '' : `  (${a.status})`}`,
);
console.log(`Sandbox da Profile Intelligence API em ${sandbox.url}
  API de perfis na raiz (/crm_basico, /crm, /crm_plus, …), API de modelos em ${sandbox.url}/v1
  Administração para testes em ${sandbox.url}/__sandbox/ · escala de latência ${latencyScale}
Chaves de demonstração:
${keys.join('\n')}
Ctrl+C encerra.`);

const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
