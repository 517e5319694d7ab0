import { buildSandboxApp, type SandboxApp } from './app';
import { DEFAULT_TOKEN_TTL_SECONDS } from './http/tokens';
import { seedDemo } from './seed';
import { openSandboxDb } from './store/db';
import { loadOrCreateSecrets } from './store/secrets';

export interface StartSandboxOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  tokenTtlSeconds?: number;
  /** Only loopback addresses are allowed: the sandbox and its admin API are for this machine. */
  host?: '127.0.0.1' | '::1' | 'localhost';
  logger?: boolean;
}

export interface RunningSandbox {
  baseUrl: string;
  adminSecret: string;
  orgId: string;
  rootTeamId: string;
  /** The demo Team "Bench". */
  teamId: string;
  /** The demo Service Account's API key (admin of "Bench"). */
  apiKey: string;
  app: SandboxApp;
  close(): Promise<void>;
}

/**
 * Starts the sandbox service on dataDir (the station's embedded default; src-sandbox/README.md): opens
 * or creates its database, seeds the demo organization on the first start, listens on 127.0.0.1. A
 * restart on the same dataDir keeps every record and the same secrets and demo key.
 */
export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  if (!['127.0.0.1', '::1', 'localhost'].includes(host)) throw new Error(`The sandbox listens on loopback only; "${host}" is not allowed. Use 127.0.0.1.`);
  const db = openSandboxDb(options.dataDir);
  try {
    const secrets = loadOrCreateSecrets(db);
    const demo = seedDemo(db, new Date().toISOString());
    const app = await buildSandboxApp({ db, secrets, tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS, logger: options.logger ?? false });
    // app.close() ends the sockets that are idle when it starts, then waits for every other one.
    // A request still being answered then would keep its keep-alive socket open after its answer
    // until fastify's keepAliveTimeout (72 s), holding up the station that embeds the sandbox
    // (its CLI answered and then sat there for a minute). So once closing, each answer's socket
    // is ended as soon as the answer is out.
    let closing = false;
    app.addHook('onResponse', async () => {
      if (closing) app.server.closeIdleConnections();
    });
    await app.listen({ port: options.port ?? 0, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const urlHost = host === '::1' ? '[::1]' : '127.0.0.1';
    let closed = false;
    return {
      baseUrl: `http://${urlHost}:${port}`,
      adminSecret: secrets.adminSecret,
      ...demo,
      app,
      async close() {
        if (closed) return;
        closed = true;
        closing = true;
        await app.close();
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
