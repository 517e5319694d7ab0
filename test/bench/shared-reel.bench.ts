// Opening a Reel from the service (docs/sync.md, "Opening at shop scale"): a 10,000-Label Reel other benches enrolled, opened on a
// station (reels.open: the Reel, every Label, the mirror written in SQLite) beside a raw client paging the same list
// with bare fetch and the same page size, through the same counting proxy (on a thread of its own, as a network is) to the same sandbox, in the same
// run, the service in its own process. Then a refresh when nothing changed (reels.show): its requests are counted, the target being one.
// The 10,000 Labels are put on the sandbox by copying one enrolled Label in its own database (enrolling them one by one
// would time the sandbox's enrollment, which is not what this measures); normalized_value as identifierKey makes it
// (TEXT lower-cased), and the triggers of the sandbox's core v3 keep the Reel's counts.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { serveCommand } from '../../src-main/hosts/cli/commands/serve';
import { createServiceClient } from '../../src-main/service';
import { createStation } from '../../src-main/station';
import { CONTEXT_HEADERS } from '../../src-shared/api/common';
import { PATHS } from '../../src-shared/api/paths';
import { startArrivalsProxy } from '../helpers/arrivals-proxy';
import { startWithReadyLine } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { until } from '../helpers/until';
import { median, type Bench } from './harness';

const LABELS = 10_000;
/** Fresh stations, each opening the Reel for the first time, then again: one first open is one sample, and the service's
 * own time for the same 21 requests swings by half from one moment to the next on a quiet machine. */
const STATIONS = 3;
const AGAIN = 2;
const PAGE = 500;

export function seedLabels(dataDir: string, reelId: string, count: number): void {
  const db = new Database(join(dataDir, 'sandbox.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    db.transaction(() => {
      const template = db.prepare('SELECT composite_tag_id FROM composite_tags WHERE reel_id = ? AND position = 1').get(reelId) as { composite_tag_id: string };
      const ids = `printf('%08x-0000-4000-8000-%012x', p, p)`;
      const positions = `WITH RECURSIVE n(p) AS (SELECT 2 UNION ALL SELECT p + 1 FROM n WHERE p < ${count})`;
      db.prepare(
        `${positions} INSERT INTO composite_tags (composite_tag_id, reel_id, position, org_id, owner_team_id, human_readable, archived_at, bound_thread_id, bound_at, transferred_at, created_by_id, created_at, updated_at)
         SELECT ${ids}, c.reel_id, p, c.org_id, c.owner_team_id, c.human_readable, NULL, NULL, NULL, NULL, c.created_by_id, c.created_at, c.updated_at
         FROM n, composite_tags c WHERE c.composite_tag_id = ?`,
      ).run(template.composite_tag_id);
      db.prepare(
        `${positions} INSERT INTO tags (tag_id, tag_type, value, normalized_value, org_id, owner_team_id, composite_tag_id, identifiable, created_by_id, created_at, updated_at)
         SELECT printf('%08x-1111-4000-8000-%012x', p, p), t.tag_type, 'SHOP-' || p, 'shop-' || p, t.org_id, t.owner_team_id, ${ids}, 0, t.created_by_id, t.created_at, t.updated_at
         FROM n, tags t WHERE t.composite_tag_id = ?`,
      ).run(template.composite_tag_id);
    })();
  } finally {
    db.close();
  }
}

export const sharedReelBench: Bench = {
  name: 'shared Reel',
  async run() {
    const dir = tempDir('bench-shared-reel-');
    // The service in its own process, as a shop's is on its own machine: the station's work on a page overlaps the
    // service answering the next one.
    const served = await startWithReadyLine<{ ready: true; baseUrl: string; apiKey: string; orgId: string; teamId: string }>(
      process.execPath,
      ['bin/sandbox.mjs', '--port', '0', '--data', join(dir.path, 'sandbox')],
      { timeoutMs: 60_000 },
    );
    const sandbox = served.ready;
    // The counting proxy stands for the network: on a thread of its own, so it forwards a request the station has
    // sent while the station's thread merges a page, as a network does (on the station's thread it could not, and the
    // raw client, idle while it pages, never paid that).
    const proxy = await startArrivalsProxy(sandbox.baseUrl);
    try {
      // The other bench: a Reel with one Label enrolled through the API, copied to 10,000 on the sandbox.
      const other = createServiceClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
      const serviceId = (await other.reels.create({ name: 'Shared 10k' }))?.collectionId as string;
      await other.labels.enroll(serviceId, { position: 1, identifiers: [{ tagType: 'TEXT', value: 'SHOP-1' }] });
      seedLabels(join(dir.path, 'sandbox'), serviceId, LABELS);

      const token = ((await (await fetch(`${proxy.url}${PATHS.token}`, { headers: { 'x-api-key': sandbox.apiKey } })).json()) as { token: string }).token;
      const headers = { authorization: `Bearer ${token}`, [CONTEXT_HEADERS.orgId]: sandbox.orgId, [CONTEXT_HEADERS.teamId]: sandbox.teamId };

      /** The raw client: the Reel, then every page of its Labels with the same page size. */
      const rawRead = async (): Promise<void> => {
        let cursor: string | null | undefined;
        let seen = 0;
        const reel = await fetch(`${proxy.url}${PATHS.reel(serviceId)}`, { headers });
        JSON.parse(await reel.text());
        do {
          const query = new URLSearchParams({ reelCollectionId: serviceId, pageSize: String(PAGE), ...(cursor ? { cursor } : {}) });
          const page = JSON.parse(await (await fetch(`${proxy.url}${PATHS.labels}?${query}`, { headers })).text()) as {
            labels: unknown[];
            nextCursor?: string | null;
          };
          seen += page.labels.length;
          cursor = page.nextCursor;
        } while (cursor);
        if (seen !== LABELS) throw new Error(`the raw client read ${seen} Labels, not ${LABELS}`);
      };
      // The service answers the list once before anything is timed, as a shop's service has been answering all day:
      // else the station's first open would time the sandbox's own first reads of the Reel (its page cache, its JIT)
      // and the raw client, read after it, a warm service.
      await rawRead();

      /** A station's open, then the raw client's read of the same list at once after it: one pair. */
      const pair = async (call: Call, into: Pairs): Promise<void> => {
        let before = proxy.arrived();
        let started = performance.now();
        const out = await call<{ labels: unknown[] }>('reels.open', { serviceId });
        into.opened.push(performance.now() - started);
        into.openRequests.push(proxy.arrived() - before);
        if (out.labels.length !== LABELS) throw new Error(`opened ${out.labels.length} Labels, not ${LABELS}`);
        before = proxy.arrived();
        started = performance.now();
        await rawRead();
        into.raw.push(performance.now() - started);
        into.rawRequests.push(proxy.arrived() - before);
      };
      const first = pairs();
      const again = pairs();
      let refresh = { ms: 0, requests: 0 };
      for (let n = 0; n < STATIONS; n += 1) {
        // The station as `station serve` runs it, a host that stays up (its options, the report printer aside: nothing
        // here prints): warmed up in idle time after start (docs/architecture.md, "Start-up"), sending in the
        // background, and so connected (its token, the service probed) before the operator opens anything. The first
        // opening is the operator's first of the day, not the station's first request: a station that did not send (a
        // CLI command's) would fetch its token and probe the service inside the open, which an operator at a served
        // station never waits for. Each station is new, with a data folder of its own: its first open writes the
        // whole mirror.
        const { printReport: _printer, ...serveOptions } = serveCommand.stationOptions ?? {};
        const station = await createStation({ ...serveOptions, dataDir: join(dir.path, `station-${n}`) });
        const call: Call = async <T>(name: string, input: unknown): Promise<T> => {
          const envelope = await station.call(name as never, input as never);
          if (!envelope.ok) throw new Error(`${name}: ${envelope.error.code} ${envelope.error.message}`);
          return envelope.value as T;
        };
        try {
          await call('profiles.connect', { kind: 'remote', baseUrl: proxy.url, apiKey: sandbox.apiKey, orgId: sandbox.orgId, teamId: sandbox.teamId });
          await station.warmedUp();
          // Connected as a served station is by the time its operator opens a Reel: the service probed, a token held.
          await until(
            async () => {
              const status = await call<{ online: string; tokenExpiresAt: string | null }>('station.status', {});
              return status.online === 'online' && status.tokenExpiresAt !== null;
            },
            { what: 'the station online with a token' },
          );
          // The first open writes the whole mirror; the others read it all again and write what changed (nothing).
          await pair(call, first);
          for (let k = 0; k < AGAIN; k += 1) await pair(call, again);
          if (n === STATIONS - 1) {
            const { reelId } = await call<{ reelId: string }>('reels.open', { serviceId });
            const before = proxy.arrived();
            const started = performance.now();
            await call('reels.show', { reelId, refresh: true });
            refresh = { ms: performance.now() - started, requests: proxy.arrived() - before };
          }
        } finally {
          await station.close();
        }
      }

      return [
        {
          name: `open a ${LABELS.toLocaleString('en')}-Label Reel from the service the first time (reels.open; ${median(first.openRequests)} requests; median of ${STATIONS} new stations, each beside the raw client: ${ratios(first)})`,
          value: median(first.opened),
          unit: 'ms',
          baseline: { name: `raw client paging the same list (${median(first.rawRequests)} requests)`, value: median(first.raw) },
          better: 'lower',
          target: 'ratio >= 0.8',
        },
        {
          name: `open it again (reels.open; ${median(again.openRequests)} requests; median of ${again.opened.length}: ${ratios(again)})`,
          value: median(again.opened),
          unit: 'ms',
          baseline: { name: `raw client paging the same list (${median(again.rawRequests)} requests)`, value: median(again.raw) },
          better: 'lower',
          target: 'ratio >= 0.8',
        },
        {
          name: `refresh it when nothing changed (reels.show --refresh; ${refresh.requests} request${refresh.requests === 1 ? '' : 's'})`,
          value: refresh.ms,
          unit: 'ms',
          better: 'lower',
          target: '1 request',
        },
      ];
    } finally {
      await proxy.close();
      await served.stop();
      dir.remove();
    }
  },
};

type Call = <T>(name: string, input: unknown) => Promise<T>;
interface Pairs {
  opened: number[];
  openRequests: number[];
  raw: number[];
  rawRequests: number[];
}

function pairs(): Pairs {
  return { opened: [], openRequests: [], raw: [], rawRequests: [] };
}

/** Each pair's ratio, raw ÷ station, as the harness prints a ratio. */
function ratios(p: Pairs): string {
  return p.opened.map((ms, i) => ((p.raw[i] as number) / ms).toFixed(2)).join(', ');
}
