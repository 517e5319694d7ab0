import { reelProblems, withLabelChanges } from '../../../src-shared/domain/reel-changes';
import type { KnownOutput } from '../contract';
import { station } from '../station-client';

// A Reel read again by a screen that holds it (the Bench, the Reel map: docs/sync.md, "Only what changed reaches a screen"): the station
// answers only the Labels changed since the version held, none when nothing changed, and the screen keeps what it has:
// the same Labels array, and the very answer held when the Reel's own fields did not move either, so nothing is
// parsed, checked or drawn again for a refresh that found nothing new.

type ReelDetail = KnownOutput<'reels.show'>;

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
    const answer = await station.call('reels.showChanged', { ...input, ...(since !== undefined ? { since } : {}) });
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
