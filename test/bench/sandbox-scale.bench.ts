// The sandbox at shop scale (src-sandbox/store/README.md, core v3): a raw HTTP client enrolling Labels into a Reel that already holds
// SANDBOX_SCALE_REEL Labels (default 10,000, put there by copying one enrolled Label in the sandbox's own database,
// as shared-reel.bench.ts does) beside the same client enrolling as many into an empty Reel, in the same run, the
// sandbox in its own process. An enrollment's cost must not grow with the Reel (target ratio >= 0.8).
// SANDBOX_SCALE_LABELS (default 300) is how many Labels each side enrolls.
import { join } from 'node:path';
import { CONTEXT_HEADERS } from '../../src-shared/api/common';
import { PATHS } from '../../src-shared/api/paths';
import { startWithReadyLine } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { median, type Bench } from './harness';
import { seedLabels } from './shared-reel.bench';

const CONCURRENCY = 4;
const ROUNDS = 3;

export const sandboxScaleBench: Bench = {
  name: 'sandbox scale',
  async run() {
    const reelSize = Number(process.env.SANDBOX_SCALE_REEL ?? 10_000);
    const count = Number(process.env.SANDBOX_SCALE_LABELS ?? 300);
    const dir = tempDir('bench-sandbox-scale-');
    const served = await startWithReadyLine<{ ready: true; baseUrl: string; apiKey: string; orgId: string; teamId: string }>(
      process.execPath,
      ['bin/sandbox.mjs', '--port', '0', '--data', join(dir.path, 'sandbox')],
      { timeoutMs: 60_000 },
    );
    const sandbox = served.ready;
    try {
      const token = ((await (await fetch(`${sandbox.baseUrl}${PATHS.token}`, { headers: { 'x-api-key': sandbox.apiKey } })).json()) as { token: string }).token;
      const headers = { authorization: `Bearer ${token}`, [CONTEXT_HEADERS.orgId]: sandbox.orgId, [CONTEXT_HEADERS.teamId]: sandbox.teamId };
      const createReel = async (name: string): Promise<string> => {
        const res = await fetch(`${sandbox.baseUrl}${PATHS.reels}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
        if (res.status !== 201) throw new Error(`creating a Reel answered ${res.status}`);
        return ((await res.json()) as { reel: { collectionId: string } }).reel.collectionId;
      };
      const enroll = async (reelId: string, position: number, value: string): Promise<void> => {
        const res = await fetch(`${sandbox.baseUrl}${PATHS.reelLabels(reelId)}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ position, identifiers: [{ tagType: 'TEXT', value }] }),
        });
        if (res.status !== 201) throw new Error(`enrolling position ${position} answered ${res.status}: ${await res.text()}`);
        JSON.parse(await res.text());
      };
      /** Labels/s enrolling positions first..first+count-1, CONCURRENCY requests in flight. */
      const drain = async (reelId: string, first: number, prefix: string): Promise<number> => {
        let next = first;
        const last = first + count - 1;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next <= last) {
              const position = next;
              next += 1;
              await enroll(reelId, position, `${prefix}-${position}`);
            }
          }),
        );
        return count / ((performance.now() - started) / 1000);
      };

      const big = await createReel('Shop scale');
      await enroll(big, 1, 'SHOP-1');
      seedLabels(join(dir.path, 'sandbox'), big, reelSize);
      const empty: number[] = [];
      const full: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        empty.push(await drain(await createReel(`Empty ${round}`), 1, `E${round}`));
        full.push(await drain(big, reelSize + 1 + round * count, `F${round}`));
      }
      return [
        {
          name: `sandbox: enroll ${count} Labels into a ${reelSize.toLocaleString('en')}-Label Reel (raw HTTP, concurrency ${CONCURRENCY})`,
          value: median(full),
          unit: 'labels/s',
          baseline: { name: 'the same into an empty Reel', value: median(empty) },
          better: 'higher',
          target: 'ratio >= 0.8',
        },
      ];
    } finally {
      await served.stop();
      dir.remove();
    }
  },
};
