import { hostname } from 'node:os';
import type { ReelReport, ShiftSummary } from '../../src-shared/ipc/report';
import type { Db } from '../store/database';
import type { LocalReel } from '../store/reels';
import {
  attentionLabels,
  benchEventsBetween,
  countByState,
  countEnrolledElsewhere,
  countTakenElsewhere,
  enrollTimes,
  reelBindOps,
  reelProgress,
  refusedEnrollmentsBetween,
  savesBetween,
  takeBacks,
  takeBacksBetween,
} from '../store/reports';
import { checkLabels, labelCheck, printedPositions } from '../../src-shared/domain/print-check';
import { labelsChangedBetween, listLabels, reelPrintData, type LocalLabel } from '../store/labels';
import { dayBounds, enrollmentRate, perHourOfDay, timePerLabel } from './series';
import { currentVerificationView } from '../quality-check/verify';
import { reelPrintQuality, shiftPrintQuality } from './print-quality';
import { printCountsBetween, reelPrintCounts } from './print-counts';

// The Reel report and the shift summary (src-shared/ipc/report.ts), from the station database alone: the Labels'
// states, the audit log (when each Label was saved, gaps and take-backs), the outbox (bulk-binds, activations) and
// the verification records. The audit log is this station's (one data folder), so its entries are this station's.

/** Attention groups list at most this many positions and request ids each. */
const GROUP_POSITIONS = 50;
const GROUP_REQUEST_IDS = 10;
/** Gaps and take-backs listed (the total is always given). */
const TAKE_BACKS_LISTED = 500;

function stationIdentity(dataDir: string): { name: string; dataDir: string } {
  return { name: hostname(), dataDir };
}

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

function attentionGroups(db: Db, reelId: string): ReelReport['attention'] {
  const groups = new Map<string, ReelReport['attention'][number]>();
  for (const row of attentionLabels(db, reelId)) {
    const code = row.code || 'UNKNOWN';
    let group = groups.get(code);
    if (!group) {
      group = { code, reason: row.reason ?? '', count: 0, positions: [], requestIds: [] };
      groups.set(code, group);
    }
    group.count += 1;
    if (group.positions.length < GROUP_POSITIONS) group.positions.push(row.position);
    if (row.requestId && group.requestIds.length < GROUP_REQUEST_IDS) group.requestIds.push(row.requestId);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

function bindOps(db: Db, reelId: string): { bulkBinds: ReelReport['bulkBinds']; reelActivations: ReelReport['activation']['reelActivations'] } {
  const bulkBinds: ReelReport['bulkBinds'] = [];
  const reelActivations: ReelReport['activation']['reelActivations'] = [];
  for (const op of reelBindOps(db, reelId)) {
    if (op.kind === 'activateReel') {
      reelActivations.push({ opId: op.id, at: op.createdAt, state: op.state });
      continue;
    }
    const payload = JSON.parse(op.payload) as { fromPosition: number; toPosition: number; threadIds: string[]; activate?: boolean };
    const result = parseJson<{ bound?: number; activation?: string }>(op.result);
    const attention = parseJson<{ code: string; message: string }>(op.attention);
    bulkBinds.push({
      opId: op.id,
      at: op.createdAt,
      fromPosition: payload.fromPosition,
      toPosition: payload.toPosition,
      threads: payload.threadIds.length,
      activate: payload.activate === true,
      state: op.state,
      bound: typeof result?.bound === 'number' ? result.bound : null,
      activation: typeof result?.activation === 'string' ? result.activation : null,
      attention: attention ? { code: attention.code, message: attention.message } : null,
    });
  }
  return { bulkBinds, reelActivations };
}

export function reelReport(db: Db, dataDir: string, reel: LocalReel): ReelReport {
  const station = stationIdentity(dataDir);
  const counts = countByState(db, reel.reelId);
  const times = enrollTimes(db, reel.reelId);
  const takeBackRows = takeBacks(db, reel.reelId);
  const { bulkBinds, reelActivations } = bindOps(db, reel.reelId);
  const snapshotCounts = reel.serviceSnapshot?.counts ?? null;
  const first = times[0];
  const last = times.at(-1);
  return {
    generatedAt: new Date().toISOString(),
    station,
    reel: {
      reelId: reel.reelId,
      serviceId: reel.serviceId,
      name: reel.name,
      description: reel.description,
      expectedIdentifiers: reel.expectedIdentifiers,
      direction: reel.direction,
    },
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    enrolledElsewhere: countEnrolledElsewhere(db, reel.reelId),
    takenElsewhere: countTakenElsewhere(db, reel.reelId),
    serviceCounts: snapshotCounts ? Object.fromEntries(Object.entries(snapshotCounts).filter((e): e is [string, number] => typeof e[1] === 'number')) : null,
    enrollment: {
      saves: times.length,
      firstAt: first === undefined ? null : new Date(first).toISOString(),
      lastAt: last === undefined ? null : new Date(last).toISOString(),
      rate: enrollmentRate(times),
      timePerLabel: timePerLabel(times),
    },
    attention: attentionGroups(db, reel.reelId),
    gapsAndVoids: {
      total: takeBackRows.length,
      entries: takeBackRows
        .slice(0, TAKE_BACKS_LISTED)
        .map((r) => ({ at: r.at, action: r.action.slice('label.'.length) as 'skip' | 'void' | 'undo', position: r.position, station: station.name })),
    },
    bulkBinds,
    activation: { reelActivations, identifiable: typeof snapshotCounts?.identifiableCount === 'number' ? snapshotCounts.identifiableCount : null },
    verification: currentVerificationView(db, reel.reelId),
    printCheck: printCheckOf(listLabels(db, reel.reelId)),
    printQuality: reelPrintQuality(db, reel.reelId),
    prints: reelPrintCounts(db, reel.reelId),
  };
}

/** Mismatched Labels listed in the report (the count is always given). */
const MISMATCHES_LISTED = 100;

function printCheckOf(labels: readonly LocalLabel[]): ReelReport['printCheck'] {
  const mismatched = checkLabels(labels).filter((l) => l.check.result === 'mismatch');
  return {
    hasPrintData: labels.some((l) => l.expected !== null),
    mismatches: mismatched.length,
    positions: mismatched.slice(0, MISMATCHES_LISTED).map((l) => ({ position: l.position, origin: l.origin, findings: l.check.findings })),
  };
}

/** Labels whose rows changed in the day that are not the print data of their position, each Reel's print data its own. */
function printMismatchesBetween(db: Db, reelIds: ReadonlySet<string>, from: string, to: string): number {
  const changed = labelsChangedBetween(db, from, to).filter((l) => reelIds.has(l.reelId));
  let count = 0;
  for (const reelId of new Set(changed.map((l) => l.reelId))) {
    const printedAt = printedPositions(reelPrintData(db, reelId));
    count += changed.filter((l) => l.reelId === reelId && labelCheck(l, printedAt).result === 'mismatch').length;
  }
  return count;
}

/** A day's work across the profile's Reels, the day counted in the time zone `utcOffsetMinutes` east of UTC. */
export function shiftSummary(db: Db, dataDir: string, reels: readonly LocalReel[], day: string, utcOffsetMinutes: number): ShiftSummary {
  const { from, to } = dayBounds(day, utcOffsetMinutes);
  const [fromIso, toIso] = [from.toISOString(), to.toISOString()];
  const names = new Map(reels.map((r) => [r.reelId, r.name]));
  const saves = savesBetween(db, fromIso, toIso).filter((s) => names.has(s.reelId));
  // A save is an error when its enrollment was refused by the service or the Label was taken back the same day.
  const refused = new Set(refusedEnrollmentsBetween(db, fromIso, toIso).map((r) => r.labelId));
  const takenBack = new Set(takeBacksBetween(db, fromIso, toIso).map((r) => r.labelId));
  const perReel = new Map<string, { labels: number; errors: Set<string> }>();
  const errorLabels = new Set<string>();
  for (const save of saves) {
    const entry = perReel.get(save.reelId) ?? { labels: 0, errors: new Set<string>() };
    entry.labels += 1;
    if (refused.has(save.labelId) || takenBack.has(save.labelId)) {
      entry.errors.add(save.labelId);
      errorLabels.add(save.labelId);
    }
    perReel.set(save.reelId, entry);
  }
  // What the bench caught (never saved) counts as an error of its Reel, with gaps and take-backs by kind.
  const events = benchEventsBetween(db, fromIso, toIso).filter((e) => names.has(e.reelId));
  const count = (action: string) => events.filter((e) => e.action === action).length;
  const caught = events.filter((e) => e.action.startsWith('bench.'));
  for (const event of caught) {
    const entry = perReel.get(event.reelId) ?? { labels: 0, errors: new Set<string>() };
    entry.errors.add(`${event.action}:${entry.errors.size}`);
    perReel.set(event.reelId, entry);
  }
  const progress = reelProgress(db, [...perReel.keys()]);
  const rows = [...perReel.entries()].map(([reelId, entry]) => {
    const p = progress.get(reelId);
    const lastAt = p?.lastAt ?? null;
    const finished = p !== undefined && p.open === 0 && lastAt !== null && lastAt >= fromIso && lastAt < toIso;
    return { reelId, name: names.get(reelId) ?? reelId, labels: entry.labels, errors: entry.errors.size, finished, lastAt };
  });
  rows.sort((a, b) => (a.lastAt ?? '').localeCompare(b.lastAt ?? ''));
  return {
    day,
    from: fromIso,
    to: toIso,
    station: stationIdentity(dataDir),
    perHour: perHourOfDay(
      saves.map((s) => Date.parse(s.at)),
      from.getTime(),
    ),
    labels: saves.length,
    errors: errorLabels.size + caught.length,
    errorRate: saves.length + caught.length === 0 ? null : (errorLabels.size + caught.length) / (saves.length + caught.length),
    reels: rows,
    reelsFinished: rows.filter((r) => r.finished).length,
    problems: {
      misprints: count('bench.misprint'),
      misorders: count('bench.misorder'),
      duplicates: count('bench.duplicate'),
      refusedCaptures: count('bench.refusedCapture'),
      attention: [...refused].filter((id) => saves.some((s) => s.labelId === id)).length,
      undone: count('label.undo'),
      gaps: count('label.skip'),
      voids: count('label.void'),
      printMismatches: printMismatchesBetween(db, new Set(names.keys()), fromIso, toIso),
    },
    prints: printCountsBetween(db, new Set(names.keys()), fromIso, toIso),
    verdicts: reels.flatMap((reel) => {
      const view = currentVerificationView(db, reel.reelId);
      const decidedAt = view?.decidedAt ?? null;
      if (!view || decidedAt === null || decidedAt < fromIso || decidedAt >= toIso || view.verdict.decision === 'pending') return [];
      return [{ reelId: reel.reelId, name: reel.name, decision: view.verdict.decision, inspected: view.verdict.inspected, failed: view.verdict.failed }];
    }),
    printQuality: shiftPrintQuality(db, reels, fromIso, toIso),
  };
}
