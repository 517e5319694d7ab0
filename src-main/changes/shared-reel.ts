import { randomUUID } from 'node:crypto';
import { DEFAULT_EXPECTED_IDENTIFIERS } from '../../src-shared/api/labels';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { audit, TAKEN_ELSEWHERE } from '../store/audit';
import { printedForElsewhere } from '../../src-shared/domain/collision';
import { identifierValuesMatch } from '../../src-shared/domain/identifier-values';
import { printedPositions } from '../../src-shared/domain/print-check';
import { unsyncedTransaction, type Db } from '../store/database';
import {
  deleteLabel,
  getLabel,
  labelRowsWithBriefs,
  labelsByServiceIds,
  listLabels,
  placeLabels,
  reelPrintData,
  upsertLabels,
  writeStamp,
  type LabelBrief,
  type LocalLabel,
} from '../store/labels';
import { openOpsFor } from '../store/outbox';
import { timeOrderedUUID } from '../runtime/time-ordered-id';
import {
  getProfileReelByServiceId,
  getReel,
  insertReel,
  saveLabelsCounts,
  saveReelSnapshot,
  updateReelFields,
  type LocalReel,
  type ReelSnapshot,
} from '../store/reels';
import type { ChangeContext } from './context';

/** What the mirror takes of a service Label (src-main/service/read/labels.ts, ServiceLabel, reads it). */
export interface ServiceLabel {
  compositeTagId: string;
  position: number;
  members: { tagType: LocalLabel['identifiers'][number]['tagType']; value: string | null; archivedAt: string | null }[] | null;
  bound: boolean;
  archived: boolean;
  boundThreadId: string | null;
}

/** What the mirror takes of a service Reel (ServiceReel there). */
export interface ServiceReel extends ReelSnapshot {
  collectionId: string;
  name: string;
  description: string | null;
  expectedIdentifiers: LocalReel['expectedIdentifiers'] | null;
}

// A Reel shared between benches (docs/sync.md, "Benches sharing a Reel"): the service is the one place the benches
// meet. A station opens any Reel of its Team from the service, mirrors every Label on it (each with its origin:
// enrolled here, or elsewhere by another bench or app), and refreshes cheaply: the Reel's counts first, its Labels
// only when the counts moved since they were last read. The service's Labels are never overwritten by the mirror:
// local work still queued keeps its row until it lands or a person re-places it.

function mirrorState(label: ServiceLabel): 'archived' | 'bound' | 'enrolled' {
  return label.archived ? 'archived' : label.bound ? 'bound' : 'enrolled';
}

function settledState(state: LocalLabel['state']): boolean {
  return state === 'enrolled' || state === 'bound' || state === 'archived';
}

/** A service Label's active identifiers as the station keeps them. */
export function identifiersOf(label: ServiceLabel): LocalLabel['identifiers'] {
  return (label.members ?? []).filter((m) => m.archivedAt === null).map((m) => (m.value ? { tagType: m.tagType, value: m.value } : { tagType: m.tagType }));
}

/** Counts compared by value (key order and absent counts aside). */
function sameCounts(a: ReelSnapshot['counts'], b: ReelSnapshot['counts']): boolean {
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof NonNullable<ReelSnapshot['counts']>)[]);
  for (const key of keys) if ((a[key] ?? null) !== (b[key] ?? null)) return false;
  return true;
}

/** True when the Reel's Labels must be read: never read in full, or the service's counts moved since. */
export function labelsMoved(reel: LocalReel, remote: ServiceReel): boolean {
  return !sameCounts(reel.labelsCounts, remote.counts);
}

/**
 * Merges the service's Reel (and, when read, every one of its Labels) into the local mirror.
 * - A Label this station knows by its service id takes the service's state (unless local work on it is still queued);
 *   one enrolled elsewhere also takes its identifiers.
 * - A Label this station does not know is mirrored with origin 'elsewhere' where its position is free here or holds
 *   only print data or a gap; where this station's own enrollment waits at that position, the local one stays (the
 *   service will refuse it, and a person re-places it: queue reposition).
 * - A Label enrolled elsewhere that the service no longer lists in this Reel (moved, say) leaves the mirror.
 */
export function mergeServiceReel(db: Db, reel: LocalReel, remote: ServiceReel, labels: readonly ServiceLabel[] | null): void {
  db.transaction(() => {
    if (!labels) return saveReelSnapshot(db, reel.reelId, remote);
    const mirror = startMirror(db, reel);
    mirror.page(labels);
    mirror.finish(remote);
  })();
}

export interface Mirror {
  /** Merges one page of the Reel's Labels (in its own transaction when called outside one). */
  page(labels: readonly ServiceLabel[]): void;
  /** After the last page: Labels enrolled elsewhere that were not listed leave; the Reel and its counts are saved. */
  finish(remote: ServiceReel): void;
  /**
   * Runs a write of the same command between the mirror's own (the Reel's settings as the service gives them, this
   * bench's range), so that it is not taken for another writer's; its commit waits onto the disk as any other.
   */
  alongside<T>(work: () => T): T;
  /**
   * The Reel's Labels by position after `finish`, as the mirror holds them in memory (docs/sync.md, "Opening at shop scale": 10,000 rows are not
   * read again); read from the database when anything else wrote to it during the read.
   */
  labels(): LocalLabel[];
}

/**
 * A full read of a Reel's Labels, merged page by page as they arrive (the next page is asked meanwhile; a 10,000-Label
 * Reel is compared in memory and only what changed is written). The counts are saved only by `finish`, so a read cut
 * short is read in full again at the next refresh.
 */
export function startMirror(db: Db, reel: LocalReel): Mirror {
  // The Reel's rows read once, in one pass (docs/sync.md, "Opening at shop scale": this runs before the first page is
  // merged): the briefs the pages are compared with, by service id and by position, and the rows as written, what the
  // answer is built from. Anything written between the mirror's own transactions (another command while a page is
  // asked, another process) makes the answer read the database.
  const briefs: PlacedBrief[] = [];
  const byServiceId = new Map<string, PlacedBrief>();
  /** What holds each position here (a brief, or a row the mirror added). */
  const byPosition = new Map<number, Pick<LabelBrief, 'labelId' | 'state' | 'serviceId'>>();
  const current = new Map<string, LocalLabel>();
  for (const { label, brief } of labelRowsWithBriefs(db, reel.reelId)) {
    briefs.push(brief);
    if (brief.serviceId !== null) byServiceId.set(brief.serviceId, brief);
    byPosition.set(brief.position, brief);
    current.set(label.labelId, label);
  }
  const listed = new Set<string>();
  const waiting: ServiceLabel[] = [];
  // This bench's own Labels that another bench took off their positions, and the Labels new here (docs/sync.md,
  // "Every bench knows").
  const gone: LocalLabel[] = [];
  const movedHere: { labelId: string; from: number; to: number }[] = [];
  const arrived: LocalLabel[] = [];
  let stamp = writeStamp(db);
  let stale = false;
  // What a page changed, written together at its end (upsertLabels).
  let writes: LocalLabel[] = [];
  const keep = (label: LocalLabel): void => {
    if (label.reelId === reel.reelId) current.set(label.labelId, label);
    else current.delete(label.labelId);
  };
  // Each of the mirror's transactions first notes whether anything else wrote since its last one. A page's commit is
  // not waited onto the disk (unsyncedTransaction: it is read again from the service if lost); finish's is, and
  // with it every page before it, so the counts that say "read in full" are never on disk without the Labels.
  const inTransaction = <T>(work: () => T, synced: boolean): T => {
    const run = () => {
      if (writeStamp(db) !== stamp) stale = true;
      const out = work();
      stamp = writeStamp(db);
      return out;
    };
    return synced ? db.transaction(run)() : unsyncedTransaction(db, run);
  };
  const merge = (label: ServiceLabel, elsewhere: ReadonlyMap<string, LocalLabel>): void => {
    listed.add(label.compositeTagId);
    const other = elsewhere.get(label.compositeTagId);
    const known = byServiceId.get(label.compositeTagId) ?? briefOf(other);
    if (known) {
      if (!settledState(known.state)) return;
      if ((known.reelId !== reel.reelId || known.position !== label.position) && openOpsFor(db, known.labelId).length === 0) {
        // Another bench moved it here (from another Reel, or to another position): the row follows, where the place
        // here holds nothing but print data or a gap.
        const there = byPosition.get(label.position);
        if (there && there.state !== 'expected' && there.state !== 'gap') return;
        const from = { reelId: known.reelId, position: known.position, origin: known.origin };
        // Print data stays with its position (placeLabels): the rows it leaves and takes are read again for the answer.
        const left = placeLabels(db, [{ labelId: known.labelId, reelId: reel.reelId, position: label.position }]);
        stale = true;
        if (there && there.labelId !== known.labelId) current.delete(there.labelId);
        if (known.reelId === reel.reelId && byPosition.get(known.position)?.labelId === known.labelId) byPosition.delete(known.position);
        for (const row of left) if (row.reelId === reel.reelId) byPosition.set(row.position, row);
        if (from.origin === 'here' && from.reelId === reel.reelId) movedHere.push({ labelId: known.labelId, from: from.position, to: label.position });
        known.reelId = reel.reelId;
        known.position = label.position;
        byPosition.set(label.position, known);
        const moved = current.get(known.labelId) ?? other;
        if (moved) keep({ ...moved, reelId: reel.reelId, position: label.position });
      }
      const state = mirrorState(label);
      // The bound Thread is kept from what this station bound when the service's Label does not name it.
      const boundThreadId = label.bound ? (label.boundThreadId ?? known.boundThreadId) : null;
      const identifiers = known.origin === 'elsewhere' && label.members ? JSON.stringify(identifiersOf(label)) : known.identifiersJson;
      // Nothing written for a Label that did not change.
      if (state === known.state && boundThreadId === known.boundThreadId && identifiers === known.identifiersJson) return;
      const local = current.get(known.labelId) ?? (getLabel(db, known.labelId) as LocalLabel);
      const updated: LocalLabel = { ...local, state, boundThreadId, identifiers: JSON.parse(identifiers) as LocalLabel['identifiers'] };
      writes.push(updated);
      keep(updated);
      return;
    }
    const there = byPosition.get(label.position);
    if (there && there.state !== 'expected' && there.state !== 'gap') {
      // The place holds a Label of the service that may have left it (a collision settled elsewhere took it off the
      // Reel): decided once every page is read (finish).
      if (there.serviceId !== null && settledState(there.state)) waiting.push(label);
      return;
    }
    addElsewhere(label, there);
  };
  /** A Label enrolled elsewhere, new here, at a place holding nothing but print data or a gap. */
  const addElsewhere = (label: ServiceLabel, there: Pick<LabelBrief, 'labelId'> | undefined): void => {
    const row: LocalLabel = {
      // Time-ordered: a page's new rows go to the end of the Labels' index (src-main/runtime/time-ordered-id.ts).
      labelId: there?.labelId ?? timeOrderedUUID(),
      reelId: reel.reelId,
      position: label.position,
      state: mirrorState(label),
      serviceId: label.compositeTagId,
      identifiers: identifiersOf(label),
      expected: there ? ((current.get(there.labelId) ?? getLabel(db, there.labelId))?.expected ?? null) : null,
      captureSha256: null,
      indexing: 'default',
      warnings: [],
      attention: null,
      boundThreadId: label.boundThreadId,
      origin: 'elsewhere',
    };
    arrived.push(row);
    writes.push(row);
    keep(row);
    byPosition.set(row.position, row);
  };
  return {
    page: (labels) =>
      inTransaction(() => {
        // The Labels this Reel's rows do not know by service id, looked up in one query (moved here from another Reel?).
        const elsewhere = labelsByServiceIds(
          db,
          labels.filter((l) => !byServiceId.has(l.compositeTagId)).map((l) => l.compositeTagId),
        );
        writes = [];
        for (const label of labels) merge(label, elsewhere);
        upsertLabels(db, writes);
      }, false),
    finish: (remote) =>
      inTransaction(() => {
        // A Label the service no longer lists in this Reel left it (another bench moved or removed it). The briefs are
        // from before the read: a Label this station enrolled counts only if it was on the service by then (settled
        // with a service id), so one that landed during the read is never taken for gone; and a row that moved
        // meanwhile (this station's own move, or onto another page's Reel) is left where it is.
        for (const local of briefs) {
          if (!local.serviceId || !settledState(local.state) || listed.has(local.serviceId)) continue;
          if (openOpsFor(db, local.labelId).length === 0) {
            const leaving = current.get(local.labelId);
            // Print data stays with its position: a Label that carried it leaves a print-data row in its place.
            const kept = deleteLabel(db, local.labelId, reel.reelId);
            if (local.reelId === reel.reelId) current.delete(local.labelId);
            if (byPosition.get(local.position)?.labelId === local.labelId) byPosition.delete(local.position);
            if (kept) {
              current.set(kept.labelId, kept);
              byPosition.set(kept.position, kept);
            }
            if (local.origin === 'here' && local.reelId === reel.reelId && leaving) gone.push(leaving);
          }
        }
        // A Label whose place was held by one that left: it takes the place now (and its print data).
        writes = [];
        for (const label of waiting) {
          const there = byPosition.get(label.position);
          if (!there || there.state === 'expected' || there.state === 'gap') addElsewhere(label, there);
        }
        upsertLabels(db, writes);
        // This bench is told of its own Labels another bench took off their positions (docs/sync.md, "Every bench
        // knows"): where their values went, if a Label on the Reel now carries them.
        noteTakenElsewhere(db, reel, gone, movedHere, arrived);
        saveReelSnapshot(db, reel.reelId, remote);
        saveLabelsCounts(db, reel.reelId, remote.counts);
      }, true),
    alongside: (work) => inTransaction(work, true),
    labels: () => {
      if (stale || writeStamp(db) !== stamp) return listLabels(db, reel.reelId);
      return [...current.values()].sort((a, b) => a.position - b.position);
    },
  };
}

/** Whether `label` carries every value (of a type with values) that `own` carried: the same Label enrolled again. */
function carriesValuesOf(label: LocalLabel, own: LocalLabel): boolean {
  const values = own.identifiers.filter((i) => i.value !== undefined);
  return (
    values.length > 0 &&
    values.every((v) =>
      label.identifiers.some((i) => i.tagType === v.tagType && i.value !== undefined && identifierValuesMatch(v.tagType, i.value, v.value as string)),
    )
  );
}

/**
 * Notes (audit log: TAKEN_ELSEWHERE) each of this bench's own Labels another bench took off its position: moved to
 * another position of the Reel, enrolled again at the position its values were printed for, or set aside (off the Reel).
 * The Queue lists them in words (docs/sync.md, "Every bench knows").
 */
function noteTakenElsewhere(
  db: Db,
  reel: LocalReel,
  gone: readonly LocalLabel[],
  moved: readonly { labelId: string; from: number; to: number }[],
  arrived: readonly LocalLabel[],
): void {
  if (gone.length === 0 && moved.length === 0) return;
  const printedAt = printedPositions(reelPrintData(db, reel.reelId));
  const note = (label: LocalLabel, from: number, to: number | null) => {
    const printedFor = printedForElsewhere(label.identifiers, from, label.expected, printedAt);
    audit(db, TAKEN_ELSEWHERE, label.labelId, {
      reelId: reel.reelId,
      reelName: reel.name,
      position: from,
      to,
      printedFor,
      values: label.identifiers.filter((i) => i.value !== undefined),
    });
  };
  for (const label of gone) note(label, label.position, arrived.find((a) => carriesValuesOf(a, label))?.position ?? null);
  for (const { labelId, from, to } of moved) {
    const label = getLabel(db, labelId);
    if (label) note({ ...label, expected: null }, from, to);
  }
}

type PlacedBrief = LabelBrief & { reelId: string };

function briefOf(label: LocalLabel | undefined): PlacedBrief | undefined {
  return label && { ...label, identifiersJson: JSON.stringify(label.identifiers) };
}

/**
 * Makes a Reel of the service known on this station (the active profile): the same local Reel when it is open here
 * already (its settings refreshed from the service unless a change to them waits in the queue), else a new one.
 */
export function adoptServiceReel(ctx: ChangeContext, remote: ServiceReel): LocalReel {
  const profileId = ctx.profileId();
  return ctx.db.transaction(() => {
    const known = getProfileReelByServiceId(ctx.db, profileId, remote.collectionId);
    if (known) {
      if (openOpsFor(ctx.db, known.reelId).length === 0) {
        updateReelFields(ctx.db, known.reelId, {
          name: remote.name,
          description: remote.description,
          ...(remote.expectedIdentifiers ? { expectedIdentifiers: remote.expectedIdentifiers } : {}),
        });
      }
      return getReel(ctx.db, known.reelId) as LocalReel;
    }
    const reelId = randomUUID();
    insertReel(ctx.db, {
      reelId,
      profileId,
      serviceId: remote.collectionId,
      name: remote.name,
      description: remote.description,
      collectionId: null,
      expectedIdentifiers: remote.expectedIdentifiers ?? [...DEFAULT_EXPECTED_IDENTIFIERS],
      createOpId: null,
    });
    audit(ctx.db, 'reel.open', reelId, { reelId, serviceId: remote.collectionId });
    return getReel(ctx.db, reelId) as LocalReel;
  })();
}

/** The shipped state the service answered for the listed Reels, saved as each one's snapshot. */
export function saveShippedSnapshots(db: Db, reels: readonly LocalReel[], shipped: ReadonlyMap<string, ServiceReel>): void {
  db.transaction(() => {
    for (const reel of reels) {
      const remote = reel.serviceId ? shipped.get(reel.serviceId) : undefined;
      if (remote) saveReelSnapshot(db, reel.reelId, remote);
    }
  })();
}

/**
 * Refuses an enrollment at a position the mirror knows to hold a Label another bench or app enrolled: the service
 * would refuse it at sync (occupied position), so say so while the Label is at hand.
 */
export function refuseElsewherePosition(existing: LocalLabel | undefined, position: number): void {
  if (!existing || existing.origin !== 'elsewhere' || !settledState(existing.state)) return;
  throw new StationError({
    code: StationErrorCode.conflict,
    message: `Position ${position} already holds a Label another bench or app enrolled (service id ${existing.serviceId}); enroll this Label at another position.`,
    detail: { case: 'positionElsewhere', position, serviceId: existing.serviceId, origin: 'elsewhere' },
  });
}
