import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import { runStationAsync } from '../peer';
import { tempDir } from '../tmp';
import { serveStation, type ServedStation } from './serve';

// A shop of two benches for the e2e (docs/testing.md, "Real parts"): this station serves the UI on its embedded
// sandbox; another station, with a data folder of its own, is driven through the CLI and connected to that same
// sandbox as a remote service with the same key, as a second bench in the shop would be.

/** Opens the served UI at `hash` (a screen, with its query), the token in the address as the station prints it. */
export function openServed(station: ServedStation, page: Page, hash: string) {
  return page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/${hash}`);
}

export interface TwoBenches {
  /** The station serving the UI (set in beforeAll). */
  readonly station: ServedStation;
  /** The other bench's data folder (removed in afterAll): a place for the files it reads, such as a print run. */
  readonly otherDir: string;
  /** Runs the other bench's CLI with `--json`; throws with its output when it exits non-zero. */
  other(...args: string[]): Promise<unknown>;
  /** Connects the other bench to this station's sandbox, with this station's key, org and team. */
  connectOther(): Promise<void>;
  open(page: Page, hash: string): ReturnType<Page['goto']>;
}

/**
 * Registers the file's beforeAll/afterAll: serves a station connected to its sandbox and, unless `connect` is false,
 * connects the other bench to it before the first test.
 */
export function twoBenches(prefix: string, options: { connect?: boolean } = {}): TwoBenches {
  const folder = tempDir(prefix);
  let served: ServedStation | undefined;
  const benches: TwoBenches = {
    get station() {
      if (!served) throw new Error('the station is served in beforeAll');
      return served;
    },
    otherDir: folder.path,
    async other(...args) {
      const out = await runStationAsync(['--data', folder.path, '--json', ...args]);
      if (out.code !== 0) throw new Error(`station ${args.join(' ')}: ${out.stdout}${out.stderr}`);
      return out.json();
    },
    async connectOther() {
      const { profile } = await benches.station.call('station.status', {});
      if (!profile?.orgId || !profile.teamId) throw new Error('no active profile');
      const apiKey = readFileSync(join(benches.station.dataDir, 'keys', `${profile.profileId}.key`), 'utf8').trim();
      await benches.other('connect', '--base-url', profile.baseUrl as string, '--api-key', apiKey, '--org', profile.orgId, '--team', profile.teamId);
    },
    open: (page, hash) => openServed(benches.station, page, hash),
  };
  test.beforeAll(async () => {
    served = await serveStation();
    await served.call('profiles.connect', { kind: 'sandbox' });
    if (options.connect !== false) await benches.connectOther();
  });
  test.afterAll(async () => {
    await served?.stop();
    folder.remove();
  });
  return benches;
}
