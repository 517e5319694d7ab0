import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Envelope, StationStatus } from '../../src-shared/ipc';
import { startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { until } from '../helpers/until';

type Ready = { ready: true; url: string; token: string };

const dir = tempDir('station-serve-sync-');
let served: Started<Ready>;

beforeAll(async () => {
  // The README's form: `station serve [--port N] [--data DIR]`.
  served = await startWithReadyLine<Ready>(process.execPath, ['bin/station.mjs', 'serve', '--port', '0', '--data', dir.path], { timeoutMs: 60_000 });
}, 90_000);
afterAll(async () => {
  await served.stop();
  dir.remove();
});

async function call(name: string, input: unknown): Promise<unknown> {
  const origin = new URL(served.ready.url).origin;
  const response = await fetch(`${origin}/api/station/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${served.ready.token}` },
    body: JSON.stringify(input),
  });
  const envelope = Envelope.parse(await response.json());
  if (!envelope.ok) throw new Error(`${name}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

describe('station serve (the web host)', () => {
  it('syncs what the operator saved in the background, with no explicit sync command', async () => {
    await call('profiles.connect', { kind: 'sandbox' });
    const { reelId } = (await call('reels.create', { name: 'serve-sync' })) as { reelId: string };
    for (let position = 1; position <= 3; position += 1) {
      await call('labels.enroll', { reelId, position, identifiers: [{ tagType: 'TEXT', value: `SERVE-${position}` }] });
    }
    // The background drain takes as long as the machine needs: wait for it, with no clock of our own.
    const status = await until(
      async () => {
        const now = StationStatus.parse(await call('station.status', {}));
        return now.queue.done >= 4 ? now : undefined;
      },
      { everyMs: 250, what: 'the background sync to send the Reel and its 3 Labels' },
    );
    expect(status.queue).toMatchObject({ done: 4, pending: 0, sending: 0, attention: 0 });
    expect(status.online).toBe('online');
  }, 60_000);
});
