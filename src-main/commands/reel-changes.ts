import { randomUUID } from '../runtime/node-crypto';
import type { LabelView } from '../../src-shared/ipc/reels';
import { printedAtVersion } from '../changes/print-check';
import type { Db } from '../store/database';
import { labelChangesSince, labelsVersion, listLabels } from '../store/labels';
import { labelViews, reelLabelViews } from './views';

// A Reel's Labels read again by a screen that holds them (docs/sync.md, "Only what changed reaches a screen"): only what changed since the
// version it holds. The versions are the store's (migration 15: the bulk write's and the triggers'), so every writer counts: this process, the
// mirror, another process on the data folder.

/**
 * Which opening of the database a version belongs to: a version counts only in the run of the station that gave it.
 * The store's counters go on from what the file holds, so a data folder restored from a backup, or replaced while the
 * station was down, counts again through numbers a screen may still hold from before, for other rows; a screen that
 * holds a version from another run reads the Reel whole (docs/sync.md, "Only what changed reaches a screen").
 */
const openings = new WeakMap<Db, string>();

function openingOf(db: Db): string {
  let opening = openings.get(db);
  if (!opening) openings.set(db, (opening = randomUUID().slice(0, 8)));
  return opening;
}

/** The version of a Reel's Labels as the renderer holds it: `<opening>.<labels version>.<print data version>`. */
function versionText(db: Db, version: { labels: number; print: number }): string {
  return `${openingOf(db)}.${version.labels}.${version.print}`;
}

function parseVersion(db: Db, text: string | undefined): { labels: number; print: number } | undefined {
  const match = text === undefined ? null : /^([0-9a-f]{8})\.(\d+)\.(\d+)$/.exec(text);
  return match && match[1] === openingOf(db) ? { labels: Number(match[2]), print: Number(match[3]) } : undefined;
}

type ReelLabelsRead =
  | { read: 'all'; version: string; labels: LabelView[]; hasPrintData: boolean; problems: ReturnType<typeof reelLabelViews>['problems'] }
  | { read: 'since'; version: string; labels: LabelView[]; gone: string[] };

/**
 * The Reel's Labels for a screen that holds them at `since`: every Label (`all`) when it holds none, the print data
 * moved (every Label's check reads it) or `since` is no version of this Reel in this opening of the database; else (`since`) those changed or come onto
 * the Reel since and the ids of those that left, none when nothing changed. Read in one snapshot of the database, so
 * the version answered is that of the rows read.
 */
export function reelLabelsSince(db: Db, reelId: string, since: string | undefined): ReelLabelsRead {
  return db
    .transaction((): ReelLabelsRead => {
      const now = labelsVersion(db, reelId) ?? { labels: 0, print: 0 };
      const version = versionText(db, now);
      const held = parseVersion(db, since);
      if (!held || held.print !== now.print || held.labels > now.labels) return { read: 'all', version, ...reelLabelViews(listLabels(db, reelId)) };
      if (held.labels === now.labels) return { read: 'since', version, labels: [], gone: [] };
      const changes = labelChangesSince(db, reelId, held.labels);
      return { read: 'since', version, labels: labelViews(changes.labels, printedAtVersion(db, reelId, now.print)), gone: changes.gone };
    })
    .deferred();
}
