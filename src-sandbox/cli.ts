import { parseArgs } from 'node:util';
import { startSandbox } from './start';

// `npm run sandbox -- --port 0 --data DIR [--token-ttl SECONDS]`: prints exactly one JSON ready line on
// stdout once listening (src-sandbox/README.md); stops cleanly on SIGINT/SIGTERM.

const USAGE = 'usage: npm run sandbox -- --data DIR [--port N] [--token-ttl SECONDS]\n';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}`);
  process.exit(2);
}

function integerOption(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) fail(`--${name} must be an integer >= ${min}, got "${value}".`);
  return Number(value);
}

async function main(): Promise<void> {
  let values: { port?: string; data?: string; 'token-ttl'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { port: { type: 'string' }, data: { type: 'string' }, 'token-ttl': { type: 'string' }, help: { type: 'boolean' } } }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (!values.data) fail('--data DIR is required (the sandbox keeps its database there).');
  const port = integerOption('port', values.port, 0) ?? 0;
  if (port > 65535) fail('--port must be at most 65535.');
  const tokenTtlSeconds = integerOption('token-ttl', values['token-ttl'], 1);

  const sandbox = await startSandbox({ dataDir: values.data, port, ...(tokenTtlSeconds === undefined ? {} : { tokenTtlSeconds }) });
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const { baseUrl, adminSecret, orgId, rootTeamId, teamId, apiKey } = sandbox;
  process.stdout.write(`${JSON.stringify({ ready: true, baseUrl, adminSecret, orgId, rootTeamId, teamId, apiKey })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
