import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { queueCommands } from '../../src-shared/ipc/queue';
import type { QueueItem, QueuePlace } from '../../src-shared/ipc/queue';
import { QueueNotice } from '../../src-shared/ipc/queue';
import type { StringTagType } from '../../src-shared/api/common';
import { againstPrintData, collisionOffer, collisionVerdict, printedForElsewhere } from '../../src-shared/domain/collision';
import type { LocalIdentifier } from '../../src-shared/domain/label';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { CollisionShape } from '../../src-shared/ipc/queue';
import { collisionOf, discardOperation, repositionOperation, requireOp, retryOperation, settleByDiscarding, settleBySending } from '../changes/queue';
import { identifiersOf } from '../changes/shared-reel';
import { reelPrintedAt } from '../changes/print-check';
import { audit, NOTICE_LIMIT, NOTICES_SEEN, noticesAfter, readAuditAction, TAKEN_ELSEWHERE } from '../store/audit';
import { getLabelAt } from '../store/labels';
import { requireReel } from '../changes/context';
import type { ServiceLabel } from '../service/read/labels';
import { ServiceError } from '../service/errors';
import { setTimeout as delay } from 'node:timers/promises';
import { attemptsOf, listOps, type OutboxOp } from '../store/outbox';
import { readQueueCounts } from '../store/queue-counts';
import { collectionName, labelPlace, reelName } from '../store/queue-places';
import { writeSetting } from '../store/settings';
import { CONCURRENCY_SETTING } from '../sync/concurrency';
import { requireOnline, type CommandContext } from './context';
import { refreshReel } from './reels';

// The Queue: list with every attempt; retry, discard and reposition are the rules of src-main/changes/queue.ts
// (docs/sync.md, "Attention" and "What the operator sees").

/** The Reel, position(s) or Label Collection an operation is about, by name (docs/sync.md, "What the operator sees"). */
function placeOf(ctx: CommandContext, op: OutboxOp): QueuePlace {
  const payload: Record<string, unknown> = op.payload;
  const text = (key: string) => (typeof payload[key] === 'string' ? payload[key] : undefined);
  const number = (key: string) => (typeof payload[key] === 'number' ? payload[key] : null);
  const labelId = text('labelId');
  const label = labelId ? labelPlace(ctx.db, labelId) : undefined;
  const reelId = text('reelId');
  const collectionId = text('collectionId');
  return {
    reelName: label?.reelName ?? (reelId ? (reelName(ctx.db, reelId) ?? null) : null),
    // A Label's position now (a re-placed Label shows where it went); a range's first and last from the operation.
    position: label?.position ?? number('position') ?? number('fromPosition'),
    toPosition: label ? null : number('toPosition'),
    collectionName: collectionId && !reelId ? (collectionName(ctx.db, collectionId) ?? null) : null,
  };
}

function queueItem(ctx: CommandContext, op: OutboxOp): QueueItem {
  return {
    opId: op.id,
    seq: op.seq,
    kind: op.kind,
    state: op.state,
    subject: op.subject,
    place: placeOf(ctx, op),
    dependsOn: op.dependsOn,
    outcomeUnknown: op.outcomeUnknown,
    attemptCount: op.attempts,
    attention: op.attention,
    attempts: attemptsOf(ctx.db, op.id),
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
  };
}

/** A person released an operation: send it now (resuming a paused queue) and tell the UI. */
function released(ctx: CommandContext, label: { reelId: string; labelId: string } | undefined): void {
  if (ctx.engine.paused) ctx.engine.resume();
  if (label) ctx.labelsChanged(label.reelId, [label.labelId]);
  ctx.engine.notify();
  ctx.statusChanged();
}

/**
 * A settle's write, sent again when the service refused it for load (429: it did not process it; the spec, Errors,
 * "Retry guidance"): after its Retry-After (else 250 ms doubling), at most 4 times more. The settle's writes are made
 * at once, outside the queue (docs/sync.md, "Settling a collision"), so they wait here as the engine would.
 */
async function letThrough<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof ServiceError) || error.status !== 429 || attempt >= 4) throw error;
      await delay(Math.min(error.retryAfterMs ?? 250 * 2 ** attempt, 5_000));
    }
  }
}

/** The Reel on the service that holds the Labels taken off a Reel's positions when a collision was settled. */
function setAsideName(reelName: string): string {
  return `${reelName} (set aside)`;
}

/** A Label's values as a collision shows them: SVC by its presence (it has no value to compare). */
function sideValues(identifiers: readonly LocalIdentifier[]): { tagType: string; value: string | null }[] {
  return identifiers.map((i) => ({ tagType: i.tagType, value: i.value ?? null }));
}

/**
 * Reads the Label the service holds at the collision's position now and compares both Labels with the print data
 * this station holds for it (docs/sync.md, "Settling a collision"; the rule: src-shared/domain/collision.ts).
 */
async function compareCollision(ctx: CommandContext, opId: string): Promise<{ collision: CollisionShape; theirs: ServiceLabel | undefined }> {
  const { label, reel } = collisionOf(ctx.changes, opId);
  await requireOnline(ctx);
  if (!reel.serviceId) {
    throw new StationError({ code: StationErrorCode.conflict, message: `Reel "${reel.name}" is not on the service yet; send the queue first.` });
  }
  const onService = await ctx.connection.requireClient().labels.listAll({ reelCollectionId: reel.serviceId });
  const theirs = onService.find((l) => l.position === label.position && !l.archived);
  const printData = label.expected;
  const ours = againstPrintData(label.identifiers, printData);
  const theirIdentifiers = theirs ? identifiersOf(theirs) : [];
  const theirCheck = theirs ? againstPrintData(theirIdentifiers, printData) : null;
  const verdict = collisionVerdict(ours.check, theirCheck?.check ?? null);
  // Theirs carries another position's print data (a misorder): it goes there when that position is free on the
  // service and holds no Label of this bench waiting to be sent (docs/sync.md, "Settling a collision").
  const theirsPrintedFor = theirs ? printedForElsewhere(theirIdentifiers, label.position, printData, reelPrintedAt(ctx.db, reel.reelId)) : null;
  const held = theirsPrintedFor === null ? undefined : getLabelAt(ctx.db, reel.reelId, theirsPrintedFor);
  const freeThere =
    theirsPrintedFor !== null &&
    !onService.some((l) => l.position === theirsPrintedFor && !l.archived) &&
    (!held || held.state === 'expected' || held.state === 'gap' || held.serviceId !== null);
  return {
    theirs,
    collision: {
      opId,
      reelId: reel.reelId,
      reelName: reel.name,
      position: label.position,
      printData,
      ours: { labelId: label.labelId, values: sideValues(label.identifiers), printCheck: ours.check, mismatches: ours.mismatches },
      theirs:
        theirs && theirCheck
          ? { serviceId: theirs.compositeTagId, values: sideValues(theirIdentifiers), printCheck: theirCheck.check, mismatches: theirCheck.mismatches }
          : null,
      verdict,
      offer: collisionOffer(verdict),
      setAsideReelName: setAsideName(reel.name),
      theirsPrintedFor,
      theirsGoesTo: freeThere ? theirsPrintedFor : null,
    },
  };
}

/** Why the comparison does not offer what was asked, in a shift lead's words. */
function notOffered(collision: CollisionShape, action: 'archiveTheirs' | 'discardOurs'): StationError {
  const at = `position ${collision.position}`;
  const why: Record<CollisionShape['verdict'], string> = {
    ours: `this station's Label matches the print data of ${at} and the service's does not: archive theirs instead (--archive-theirs)`,
    theirs: `the service's Label matches the print data of ${at} and this station's does not: discard ours instead (--discard-ours)`,
    neither: `neither Label matches the print data of ${at}: discard ours (--discard-ours) and check the Label the service holds there`,
    both: `both Labels match the print data of ${at}; the print data cannot tell them apart: re-place ours by hand ("station queue reposition ${collision.opId} --position N")`,
    unchecked: `this station holds no print data to compare at ${at}: re-place ours by hand ("station queue reposition ${collision.opId} --position N"), or import the print data and look again`,
    free: `the service holds no Label at ${at} any more: send ours again ("station queue retry ${collision.opId}")`,
  };
  return new StationError({
    code: StationErrorCode.conflict,
    message: `Not done (${action === 'archiveTheirs' ? 'archive theirs' : 'discard ours'}): ${why[collision.verdict]}.`,
    detail: { verdict: collision.verdict, offer: collision.offer, position: collision.position },
  });
}

/**
 * Takes the service's Label off the position: moved to the Reel's set-aside Reel on the service (an archived Label
 * keeps its position: the spec, Move, "positions with an archived … Label stay as gaps"), then archived there.
 */
async function setAsideTheirs(
  ctx: CommandContext,
  reelName: string,
  theirs: ServiceLabel,
  beforeArchive: () => Promise<void>,
): Promise<{ serviceId: string; name: string }> {
  const client = ctx.connection.requireClient();
  const name = setAsideName(reelName);
  const existing = (await client.reels.listAll({ q: name, pageSize: 100 })).find((r) => r.name === name && r.transferredAt === null);
  const description = `Labels taken off "${reelName}" because another Label matched the print data of their position.`;
  const moved = await letThrough(() =>
    client.labels.move({
      source: { compositeTagIds: [theirs.compositeTagId] },
      target: existing ? { reelCollectionId: existing.collectionId } : { newReel: { name, description } },
    }),
  );
  const target = existing?.collectionId ?? moved.targetReel?.collectionId ?? moved.moved[0]?.toReelCollectionId ?? null;
  await beforeArchive();
  await letThrough(() => client.labels.archive(theirs.compositeTagId));
  return { serviceId: target ?? '', name };
}

/**
 * Enrolls the Label taken off the position again at the position it was printed for, with its identifiers (docs/sync.md,
 * "Settling a collision": the spec's move cannot name a position, so the Label is set aside and archived, and its
 * identifiers enrolled at their own position). Its optical markings leave the set-aside Label first (a marking is a
 * member of one Label only: the spec, Create Label rules); its values of the other types carry no uniqueness.
 */
async function enrollTheirsAt(
  ctx: CommandContext,
  reelServiceId: string,
  theirs: ServiceLabel,
  position: number,
): Promise<{ position: number; serviceId: string }> {
  const client = ctx.connection.requireClient();
  const active = (theirs.members ?? []).filter((m) => m.archivedAt === null);
  const optical = active.filter((m) => m.tagType === 'SVC' && m.fingerprintId);
  const values = active.flatMap((m) => (m.tagType !== 'SVC' && m.value ? [{ tagType: m.tagType as StringTagType, value: m.value }] : []));
  const markings = optical.map((m) => ({ tagType: 'SVC' as const, fingerprintId: m.fingerprintId as string }));
  for (const member of optical) await letThrough(() => client.labels.removeIdentifier(theirs.compositeTagId, member.tagId));
  try {
    const answer = await letThrough(() => client.labels.enroll(reelServiceId, { position, identifiers: [...values, ...markings] }));
    return { position, serviceId: answer.label?.compositeTagId ?? '' };
  } catch (error) {
    // Not enrolled there (the position was taken meanwhile, say): the markings go back to the Label they came from, so
    // nothing is lost; the settle stops before archiving it.
    const lost: string[] = [];
    for (const marking of markings) {
      await letThrough(() => client.labels.addIdentifier(theirs.compositeTagId, marking)).catch((e: unknown) =>
        lost.push(e instanceof Error ? e.message : String(e)),
      );
    }
    if (lost.length === 0) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}; its optical marking could not be put back on it (${lost.join('; ')})`);
  }
}

/**
 * Archives a Label an earlier settle already moved off the collision's Reel (never one still on it); first, as the
 * settle would have, its identifiers are enrolled at the position they were printed for when that is free.
 */
async function archiveSetAside(
  ctx: CommandContext,
  collision: CollisionShape,
  serviceLabelId: string,
): Promise<{ position: number; serviceId: string } | null> {
  const client = ctx.connection.requireClient();
  const label = await client.labels.get(serviceLabelId);
  const reel = requireReel(ctx.changes, collision.reelId);
  if (label.reelCollectionId === reel.serviceId) {
    throw new StationError({
      code: StationErrorCode.conflict,
      message: `Label ${serviceLabelId} is still on Reel "${collision.reelName}" (position ${label.position}); it is not the one that held position ${collision.position}. Nothing was archived.`,
    });
  }
  let movedTo: { position: number; serviceId: string } | null = null;
  if (!label.archived) {
    const printedFor = printedForElsewhere(identifiersOf(label), collision.position, collision.printData, reelPrintedAt(ctx.db, reel.reelId));
    if (printedFor !== null && reel.serviceId) {
      const onService = await client.labels.listAll({ reelCollectionId: reel.serviceId });
      const held = getLabelAt(ctx.db, reel.reelId, printedFor);
      const free =
        !onService.some((l) => l.position === printedFor && !l.archived) &&
        (!held || held.state === 'expected' || held.state === 'gap' || held.serviceId !== null);
      if (free) movedTo = await enrollTheirsAt(ctx, reel.serviceId, label, printedFor);
    }
    await letThrough(() => client.labels.archive(serviceLabelId));
  }
  return movedTo;
}

/**
 * This bench's Labels other benches took off their positions, newest first, as the mirror noted them, since the
 * operator last put them away (the store's noticesAfter: the nav's count starts there too).
 */
function queueNotices(ctx: CommandContext): QueueNotice[] {
  const after = noticesAfter(ctx.db);
  return readAuditAction(ctx.db, TAKEN_ELSEWHERE, after, NOTICE_LIMIT).flatMap((entry) => {
    const parsed = TakenElsewhereDetail.safeParse(entry.detail);
    return parsed.success && entry.subject && entry.at > after ? [{ at: entry.at, labelId: entry.subject, ...parsed.data }] : [];
  });
}

/** What the mirror noted of a Label taken elsewhere (changes/shared-reel.ts): a notice less its time and Label, which the log entry holds. */
const TakenElsewhereDetail = QueueNotice.omit({ at: true, labelId: true });

export function queueHandlers(ctx: CommandContext): CommandHandlers<keyof typeof queueCommands> {
  return {
    'queue.list': ({ state, limit }) => ({
      items: listOps(ctx.db, { ...(state ? { state } : {}), limit: limit ?? 1000 }).map((op) => queueItem(ctx, op)),
      counts: readQueueCounts(ctx.db),
      notices: queueNotices(ctx),
    }),
    'queue.noticesSeen': () => {
      const seen = queueNotices(ctx).length;
      audit(ctx.db, NOTICES_SEEN, null, { seen });
      // The nav's count goes with them (the status's `notices`).
      ctx.statusChanged();
      return { seen };
    },
    'queue.retry': ({ opId }) => {
      released(ctx, retryOperation(ctx.changes, opId));
      return queueItem(ctx, requireOp(ctx.changes, opId));
    },
    'queue.reposition': ({ opId, position }) => {
      const { label, from } = repositionOperation(ctx.changes, opId, position === undefined ? { nextFree: true } : { position });
      released(ctx, label);
      return { ...queueItem(ctx, requireOp(ctx.changes, opId)), fromPosition: from, position: label.position };
    },
    'queue.collision': async ({ opId }) => (await compareCollision(ctx, opId)).collision,
    'queue.settle': async ({ opId, action, theirLabelId }) => {
      const { collision, theirs } = await compareCollision(ctx, opId);
      const record = {
        action,
        verdict: collision.verdict,
        printData: collision.printData,
        ours: collision.ours.values,
        theirs: collision.theirs ? { serviceId: collision.theirs.serviceId, values: collision.theirs.values } : null,
      };
      if (action === 'discardOurs') {
        if (collision.offer !== 'discardOurs') throw notOffered(collision, action);
        const label = settleByDiscarding(ctx.changes, opId, record);
        if (label) ctx.labelsChanged(label.reelId, [label.labelId]);
        // The service's Label takes the position in this station's mirror at once.
        await refreshReel(ctx, requireReel(ctx.changes, collision.reelId)).catch(() => undefined);
        ctx.engine.notify();
        ctx.statusChanged();
        return { item: queueItem(ctx, requireOp(ctx.changes, opId)), collision, setAsideReel: null, theirsMovedTo: null };
      }
      if (collision.verdict === 'free' && theirLabelId !== undefined) {
        // An earlier settle moved their Label off the position and stopped before archiving it: archive it now (its
        // identifiers enrolled where they were printed first, as the settle would have).
        const theirsMovedTo = await archiveSetAside(ctx, collision, theirLabelId);
        const label = settleBySending(ctx.changes, opId, { ...record, setAsideReel: null, theirsMovedTo });
        released(ctx, label);
        if (theirsMovedTo) await refreshReel(ctx, requireReel(ctx.changes, collision.reelId)).catch(() => undefined);
        return { item: queueItem(ctx, requireOp(ctx.changes, opId)), collision, setAsideReel: null, theirsMovedTo };
      }
      if (collision.offer !== 'archiveTheirs' || !theirs) throw notOffered(collision, action);
      if (theirLabelId !== undefined && theirLabelId !== theirs.compositeTagId) {
        throw new StationError({
          code: StationErrorCode.conflict,
          message: `Position ${collision.position} now holds another Label on the service (${theirs.compositeTagId}, not ${theirLabelId}); nothing was archived. Compare again and confirm that one.`,
          detail: { position: collision.position, holder: theirs.compositeTagId },
        });
      }
      let setAsideReel: { serviceId: string; name: string };
      let theirsMovedTo: { position: number; serviceId: string } | null = null;
      const reelServiceId = requireReel(ctx.changes, collision.reelId).serviceId as string;
      const goesTo = collision.theirsGoesTo;
      try {
        setAsideReel = await setAsideTheirs(ctx, collision.reelName, theirs, async () => {
          if (goesTo !== null) theirsMovedTo = await enrollTheirsAt(ctx, reelServiceId, theirs, goesTo);
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new StationError({
          code: StationErrorCode.conflict,
          message: `The service's Label ${theirs.compositeTagId} at position ${collision.position} could not be set aside and archived (${message}). Compare again ("station queue settle ${opId}") and settle once more; a Label already moved off the position is archived then by its id (--theirs ${theirs.compositeTagId}).`,
          detail: { position: collision.position, holder: theirs.compositeTagId },
        });
      }
      const label = settleBySending(ctx.changes, opId, { ...record, setAsideReel, theirsMovedTo });
      released(ctx, label);
      // Theirs, enrolled again at its own position, takes it in this station's mirror at once.
      if (theirsMovedTo) await refreshReel(ctx, requireReel(ctx.changes, collision.reelId)).catch(() => undefined);
      return { item: queueItem(ctx, requireOp(ctx.changes, opId)), collision, setAsideReel, theirsMovedTo };
    },
    'queue.discard': ({ opId }) => {
      const label = discardOperation(ctx.changes, opId);
      if (label) ctx.labelsChanged(label.reelId, [label.labelId]);
      ctx.engine.notify();
      ctx.statusChanged();
      return queueItem(ctx, requireOp(ctx.changes, opId));
    },
    'sync.run': async ({ timeoutSeconds }) => {
      ctx.connection.requireClient();
      ctx.sender.sendNow();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        ctx.engine.whenIdle(),
        new Promise<void>((resolve) => {
          if (timeoutSeconds === undefined) return;
          timer = setTimeout(() => {
            timedOut = true;
            resolve();
          }, timeoutSeconds * 1000);
        }),
      ]);
      clearTimeout(timer);
      const counts = readQueueCounts(ctx.db);
      return { done: counts.done, pending: counts.pending + counts.sending, attention: counts.attention, timedOut };
    },
    'sync.pause': () => {
      ctx.engine.pause('operator');
      return { paused: true };
    },
    'sync.resume': () => {
      ctx.engine.resume();
      return { paused: false };
    },
    'sync.concurrency.get': () => ({ ...ctx.engine.concurrencyBounds, current: ctx.engine.concurrency }),
    'sync.concurrency.set': (bounds) => {
      writeSetting(ctx.db, CONCURRENCY_SETTING, bounds);
      ctx.engine.setConcurrencyBounds(bounds);
      return { ...ctx.engine.concurrencyBounds, current: ctx.engine.concurrency };
    },
  };
}
