import { reelProblems, withLabelChanges } from '../../../src-shared/domain/reel-changes';
import type { KnownOutput } from '../contract';
import { station } from '../station-client';

// A Reel read again by a screen that holds it (the Bench, the Reel map: docs/sync.md, "Only what changed reaches a screen"): the station
// answers only the Labels changed since the version held, none when nothing changed, and the screen keeps what it has:
// the same Labels array, and the very answer held when the Reel's own fields did not move either, so nothing is
// parsed, checked or drawn again for a refresh that found nothing new.

type ReelDetail = KnownOutput<'reels.show'>;

/**
 * A Reel on the service is read there (its counts, and its Labels when they moved) at most this often by the reads of a
 * screen that holds it, whatever makes them (docs/sync.md, "Only what changed reaches a screen"): the events of this
 * station's own work (a Label saved, one sent: every 500 ms while a queue drains) are in its mirror already, and while
 * this station sends, the Reel's counts on the service move at every read, so each would read all its Labels there
 * again (10,000 Labels: 20 pages), slowing the sending the screen shows. The schedule's reads (every 15 s) are longer
 * apart, so each still reads the service; a read asked with `refresh` set reads it as asked.
 */
const SERVICE_READ_MS = 10_000;
/** When each Reel was last read on the service by a read of this page. */
const serviceReadAt = new Map<string, number>();

/** The version of its Labels each answer carries (reels.showChanged's `version`), given back as `since`. */
const versions = new WeakMap<ReelDetail, string>();

/**
 * The Reel's fields just read (small values: counts, times, the range), each one that did not move the held one
 * itself, so what the screen computed from it stays; null when none moved.
 */
function movedFields<F extends Partial<ReelDetail>>(held: ReelDetail, fields: F): F | null {
  let moved = false;
  const out = { ...fields };
  for (const key of Object.keys(fields) as (keyof F & keyof ReelDetail)[]) {
    if (JSON.stringify(held[key]) === JSON.stringify(fields[key])) out[key] = held[key] as F[typeof key];
    else moved = true;
  }
  return moved ? out : null;
}

/** reels.show for `reelId` (with `refresh` as reels.show takes it), given the answer held. */
export function reelRead(input: { reelId: string; refresh?: boolean }): (held: ReelDetail | undefined) => Promise<ReelDetail> {
  return async (held) => {
    const since = held ? versions.get(held) : undefined;
    const now = Date.now();
    const fromService = input.refresh !== undefined || !held || now - (serviceReadAt.get(input.reelId) ?? 0) >= SERVICE_READ_MS;
    if (fromService && input.refresh !== false) serviceReadAt.set(input.reelId, now);
    const answer = await station.call('reels.showChanged', {
      ...input,
      ...(fromService ? {} : { refresh: false }),
      ...(since !== undefined ? { since } : {}),
    });
    let detail: ReelDetail;
    if (answer.read === 'all') {
      const { read: _all, version: _version, ...whole } = answer;
      detail = whole;
    } else {
      // A version is given only with an answer held.
      if (!held) throw new Error('reels.showChanged answered changes without a version asked');
      const { read: _since, version: _version, labels: changed, gone, ...fields } = answer;
      const labels = withLabelChanges(held.labels, changed, gone);
      const moved = movedFields(held, fields);
      detail = labels === held.labels && !moved ? held : { ...held, ...moved, labels, problems: labels === held.labels ? held.problems : reelProblems(labels) };
    }
    versions.set(detail, answer.version);
    return detail;
  };
}
