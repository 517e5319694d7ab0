// API client overhead: enrolling Labels through createServiceClient (token cache, context headers, multipart,
// zod parsing, attempt records) against the same requests sent with bare fetch, both at concurrency 4 against
// the same in-process sandbox in the same run. The sync drain (core.bench.ts) sits on this client, so its ratio to a
// raw client can only be as good as this one.
import { createServiceClient } from '../../src-main/service';
import { startSandbox } from '../../src-sandbox';
import { tempDir } from '../helpers/tmp';
import { median, type Bench } from './harness';

const LABELS = 300;
const CONCURRENCY = 4;
const ROUNDS = 3;

async function drain(count: number, send: (position: number) => Promise<void>): Promise<number> {
  let next = 1;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next <= count) {
        const position = next;
        next += 1;
        await send(position);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export const serviceClientBench: Bench = {
  name: 'service client',
  async run() {
    const dir = tempDir('bench-service-client-');
    const sandbox = await startSandbox({ dataDir: dir.path, port: 0 });
    try {
      const client = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
      const tokenAnswer = (await (await fetch(`${sandbox.baseUrl}/api/auth/token`, { headers: { 'x-api-key': sandbox.apiKey } })).json()) as { token: string };
      const rawHeaders = { authorization: `Bearer ${tokenAnswer.token}`, 'svc-ctx-org-id': sandbox.orgId, 'svc-ctx-team-id': sandbox.teamId };

      const viaClient: number[] = [];
      const viaRaw: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const a = (await client.reels.create({ name: `bench client ${round}` }))?.collectionId as string;
        viaClient.push(
          await drain(LABELS, async (position) => {
            await client.labels.enroll(a, { position, identifiers: [{ tagType: 'TEXT', value: `C${round}-${position}` }] });
          }),
        );
        const b = (await client.reels.create({ name: `bench raw ${round}` }))?.collectionId as string;
        viaRaw.push(
          await drain(LABELS, async (position) => {
            const form = new FormData();
            form.append('position', String(position));
            form.append('identifiers', JSON.stringify([{ tagType: 'TEXT', value: `R${round}-${position}` }]));
            const res = await fetch(`${sandbox.baseUrl}/api/v1/composite-tags/reels/${b}/labels`, { method: 'POST', headers: rawHeaders, body: form });
            if (res.status >= 300) throw new Error(`raw enroll answered ${res.status}`);
            JSON.parse(await res.text());
          }),
        );
      }
      return [
        {
          name: `enroll ${LABELS} Labels through the API client (concurrency ${CONCURRENCY})`,
          value: median(viaClient),
          unit: 'labels/s',
          baseline: { name: 'bare fetch, same requests', value: median(viaRaw) },
          better: 'higher',
          target: 'ratio >= 0.9',
        },
      ];
    } finally {
      await sandbox.close();
      dir.remove();
    }
  },
};
