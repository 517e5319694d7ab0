import type { StringTagType, TagType } from '../../../../src-shared/api/common';
import type { ExpectedIdentifier } from '../../../../src-shared/api/labels';
import { identifierMapKey, identifierValuesMatch } from '../../../../src-shared/domain/identifier-values';
import type { ExpectedValues } from '../../../../src-shared/domain/label';
import { fitRead } from '../../../../src-shared/domain/slot-fit';
import type { PrintedAt } from '../../../../src-shared/domain/print-check';

// The bench session as the operator sees it: one slot per expected
// identifier of the current position, filled as reads arrive, each read checked against the
// Reel (expected type? print data at this position? already on another Label of this Reel?).
// Pure: reads in, new state and feedback out. An error blocks further reads until acknowledged;
// a warning does not.

export interface Slot {
  tagType: TagType;
  value?: string;
  /** SVC slots: the accepted capture's content hash and thumbnail. */
  captureSha256?: string;
  thumbnail?: string;
  /** The print grade of the capture's codes, its lowest symbol's (docs/print-quality.md). */
  grade?: SlotGrade;
}

export interface SlotGrade {
  grade: 'A' | 'B' | 'C' | 'D' | 'F';
  /** The decimal score beside the letter (docs/print-quality.md, "The decimal score"). */
  score: number;
  worst: 'decode' | 'sc' | 'mod' | 'rm' | 'fpd' | 'an' | 'gn' | 'uec';
}

/** What the last read or action did; `code` is what tests and translations key on. */
export type Feedback =
  | { level: 'ok'; code: 'READ_PLACED'; tagType: TagType; value: string }
  | { level: 'ok'; code: 'SAVED'; position: number }
  /** What an action did, said where the operator looks (skip, void, undo). */
  | { level: 'ok'; code: 'SKIPPED' | 'VOIDED' | 'TAKEN_BACK'; position: number }
  /** A refresh found the current position enrolled by another bench or app (nothing read here yet): on to `next`. */
  | { level: 'ok'; code: 'TAKEN_ELSEWHERE'; position: number; next: number }
  | { level: 'ok'; code: 'READ_UNDONE'; tagType: TagType }
  | { level: 'warning'; code: 'UNEXPECTED_TYPE'; tagType: TagType; value: string }
  | { level: 'warning'; code: 'REPEAT_READ'; tagType: TagType; value: string }
  | { level: 'warning'; code: 'SLOT_FULL'; tagType: TagType; value: string }
  /** The read fits no slot and its type cannot be told (a wedge read without print data, symbology or slot). */
  | { level: 'warning'; code: 'NO_SLOT'; tagType: TagType; value: string }
  | { level: 'warning'; code: 'CAPTURE_REFUSED'; reasons: string[] }
  | { level: 'warning'; code: 'ACK_NEEDED' }
  | { level: 'error'; code: 'PRINT_DATA_MISMATCH'; tagType: TagType; expected: string; actual: string }
  /** The read is another position's print data: the label in hand belongs at `belongsTo`, not here. */
  | { level: 'error'; code: 'MISORDER'; tagType: TagType; value: string; position: number; belongsTo: number; read: IncomingRead }
  | { level: 'error'; code: 'DUPLICATE_IN_REEL'; tagType: TagType; value: string; position: number }
  // `context` picks the catalog's words for a Reel this bench has not opened (i18next's context: DUPLICATE_ON_SERVICE_unopened).
  | { level: 'error'; code: 'DUPLICATE_ON_SERVICE'; tagType: TagType; value: string; position: number; reelName: string | null; context?: 'unopened' }
  | { level: 'error'; code: 'SAME_CAPTURE'; position: number }
  | { level: 'error'; code: 'SAVE_FAILED'; message: string; errorCode: string }
  /** The operator declined to save outside this bench's range of the Reel (docs/sync.md, "Benches sharing a Reel"). */
  | { level: 'error'; code: 'OUTSIDE_RANGE'; position: number; first: number; last: number }
  /** A read after the Bench passed the Reel's (or its range's) end: no position to put it at (benchBounds). */
  | { level: 'error'; code: 'REEL_DONE'; tagType: TagType; value: string };

export interface BenchState {
  position: number;
  slots: Slot[];
  /** The last feedback, and whether it still blocks reads (an unacknowledged error). */
  feedback: Feedback | null;
  blocked: boolean;
  /**
   * The reads that came while an error waited for Enter, each one: not used, and named with the warning tone (a scan
   * must never vanish silently, docs/architecture.md "The Bench's session"); `count` is how many.
   */
  heldBack?: { values: string[]; count: number };
  /** After a misorder's jump: the open position the bench returns to once the Label in hand is saved where it belongs. */
  returnTo?: number;
  /**
   * The operator chose this position (go to, a misorder's jump, the address): the Bench stands there even past the
   * end of the Reel's print data or of this bench's range (a save outside the range asks first); see atTheEnd.
   */
  chosen?: boolean;
}

export interface ReelFacts {
  composition: readonly ExpectedIdentifier[];
  /** Print data at the current position, when imported. */
  expected: ExpectedValues | null;
  /** Positions of values already on other Labels of this Reel, keyed by `identifierMapKey` (src-shared/domain/identifier-values.ts). */
  taken: Pick<ReadonlyMap<string, number>, 'get'>;
  /** The position whose print data holds each value (the Reel's expected values), keyed like `taken`. */
  printedAt?: PrintedAt;
  /** The Bench has passed the end of the Reel or of this bench's range (pastTheEnd): a read has no position here. */
  done?: boolean;
}

export interface IncomingRead {
  tagType: TagType;
  value: string;
  /** `fallback`: the device guessed the type; the read may go to the slot still waiting. */
  basis?: 'symbology' | 'device' | 'fallback';
  /** Decoded from a camera capture: a recapture sees the same printed code again, which is no repeat. */
  fromCapture?: boolean;
}

function slotsFor(composition: readonly ExpectedIdentifier[]): Slot[] {
  return composition.flatMap(({ tagType, count }) => Array.from({ length: count }, () => ({ tagType })));
}

export function startPosition(position: number, composition: readonly ExpectedIdentifier[]): BenchState {
  return { position, slots: slotsFor(composition), feedback: null, blocked: false };
}

export function isComplete(state: BenchState): boolean {
  return state.slots.length > 0 && state.slots.every((s) => s.value !== undefined || s.captureSha256 !== undefined);
}

function withFeedback(state: BenchState, feedback: Feedback): BenchState {
  return { ...state, feedback, blocked: feedback.level === 'error' };
}

/**
 * Places one read into the current Label's slots, checking it first. Which slot it goes to is the shared fitting
 * rule (src-shared/domain/slot-fit.ts): the print data first, in any order, then the reported type or the shape.
 */
export function placeRead(state: BenchState, read: IncomingRead, facts: ReelFacts): BenchState {
  if (state.blocked) return holdBack(state, read.value);
  const { tagType, value } = read;
  if (state.slots.some((s) => s.value !== undefined && identifierValuesMatch(s.tagType, s.value, value))) {
    if (read.fromCapture) return state;
    return withFeedback(state, { level: 'warning', code: 'REPEAT_READ', tagType, value });
  }
  const fit = fitRead(
    state.slots.map((s) => ({ tagType: s.tagType, filled: s.value !== undefined || s.captureSha256 !== undefined })),
    read,
    { position: state.position, expected: facts.expected, printedAt: facts.printedAt },
  );
  if (fit.kind === 'none') {
    const code = fit.reason === 'slotFull' ? 'SLOT_FULL' : fit.reason === 'unexpectedType' ? 'UNEXPECTED_TYPE' : 'NO_SLOT';
    return withFeedback(state, { level: 'warning', code, tagType: fit.tagType, value });
  }
  if (fit.kind === 'misprint') {
    return withFeedback(state, { level: 'error', code: 'PRINT_DATA_MISMATCH', tagType: fit.tagType, expected: fit.expected, actual: value });
  }
  // Past the end, a read that belongs at a position of the print data is offered there (the misorder below); any other
  // has nowhere to go.
  if (facts.done && fit.kind !== 'elsewhere') return withFeedback(state, { level: 'error', code: 'REEL_DONE', tagType: fit.tagType, value });
  const slotType = fit.tagType;
  const other = facts.taken.get(identifierMapKey(slotType, value));
  if (other !== undefined && other !== state.position) {
    return withFeedback(state, { level: 'error', code: 'DUPLICATE_IN_REEL', tagType: slotType, value, position: other });
  }
  if (fit.kind === 'elsewhere') {
    // The read keeps its fitted type, so placing it at the position it belongs to fits it there again.
    return withFeedback(state, {
      level: 'error',
      code: 'MISORDER',
      tagType: slotType,
      value,
      position: state.position,
      belongsTo: fit.belongsTo,
      read: { ...read, tagType: slotType, basis: 'symbology' },
    });
  }
  const slots = state.slots.map((s, n) => (n === fit.slot ? { ...s, value } : s));
  return withFeedback({ ...state, slots }, { level: 'ok', code: 'READ_PLACED', tagType: slotType, value });
}

export interface CaptureOutcome {
  accepted: boolean;
  sha256: string;
  thumbnail: string | null;
  reasons: string[];
  grade?: SlotGrade | undefined;
}

/**
 * Places a capture into the SVC slot (a recapture replaces it); a refused capture is a warning.
 * The very picture already saved for another Label (the camera delivered the same frame twice)
 * is an error: the service would refuse it as an identical scan.
 */
export function placeCapture(state: BenchState, capture: CaptureOutcome, facts?: Pick<ReelFacts, 'taken'>): BenchState {
  if (state.blocked) return holdBack(state, capture.sha256.slice(0, 12));
  if (!capture.accepted) return withFeedback(state, { level: 'warning', code: 'CAPTURE_REFUSED', reasons: capture.reasons });
  const other = facts?.taken.get(identifierMapKey('SVC', capture.sha256));
  if (other !== undefined && other !== state.position) return withFeedback(state, { level: 'error', code: 'SAME_CAPTURE', position: other });
  const index = state.slots.findIndex((s) => s.tagType === 'SVC');
  if (index < 0) return withFeedback(state, { level: 'warning', code: 'UNEXPECTED_TYPE', tagType: 'SVC', value: capture.sha256.slice(0, 12) });
  const slots = state.slots.map((s, n) =>
    n === index
      ? {
          tagType: s.tagType,
          captureSha256: capture.sha256,
          ...(capture.thumbnail ? { thumbnail: capture.thumbnail } : {}),
          ...(capture.grade ? { grade: capture.grade } : {}),
        }
      : s,
  );
  return withFeedback({ ...state, slots }, { level: 'ok', code: 'READ_PLACED', tagType: 'SVC', value: capture.sha256.slice(0, 12) });
}

/**
 * A placed read turned out to be on another Label on the service (checked after placing, since
 * asking the service takes a moment): the value leaves its slot and the error needs an
 * acknowledgement like any other.
 */
export function rejectPlacedRead(state: BenchState, tagType: TagType, value: string, position: number, reelName: string | null): BenchState {
  const index = state.slots.findIndex((s) => s.tagType === tagType && s.value !== undefined && identifierValuesMatch(tagType, s.value, value));
  if (index < 0) return state;
  const slots = state.slots.map((s, n) => (n === index ? { tagType: s.tagType } : s));
  return withFeedback(
    { ...state, slots },
    { level: 'error', code: 'DUPLICATE_ON_SERVICE', tagType, value, position, reelName, ...(reelName === null ? { context: 'unopened' as const } : {}) },
  );
}

/** A read or capture while an error waits for Enter: not used; the state names it (and the tone sounds). */
function holdBack(state: BenchState, value: string): BenchState {
  const values = [...(state.heldBack?.values ?? []), value];
  return { ...state, heldBack: { values, count: values.length } };
}

/** The operator saw the error: reads flow again. */
export function acknowledge(state: BenchState): BenchState {
  const { heldBack: _named, ...rest } = state;
  return { ...rest, blocked: false };
}

/**
 * A misordered Label goes to the position it belongs to (`belongsTo`); the position where it was read stays open, and
 * the bench comes back to it after the save there (`afterSave`).
 */
export function jumpTo(state: BenchState, belongsTo: number, composition: readonly ExpectedIdentifier[]): BenchState {
  const open = state.returnTo ?? state.position;
  return { ...startPosition(belongsTo, composition), chosen: true, ...(open !== belongsTo ? { returnTo: open } : {}) };
}

/**
 * Where the bench goes after saving at `saved`: back to the open position a misorder's jump left (when it is still
 * free), else on to the next free position.
 */
export function positionAfterSave(
  state: Pick<BenchState, 'returnTo'>,
  labels: readonly { position: number; state: string }[],
  saved: number,
  alsoTaken: ReadonlySet<number> = new Set(),
  range: PositionRange | null = null,
  direction: Direction = 'up',
): number {
  const back = state.returnTo;
  if (back !== undefined && back !== saved && nextFreePosition(labels, back, alsoTaken) === back) return back;
  return nextFreePosition(labels, saved + step(direction), alsoTaken, range, direction);
}

/**
 * The direction a Reel is enrolled in (docs/architecture.md, "The Bench's session"): `down` from its end, a rewound
 * Reel. Advance, skip, gaps and "next" follow it.
 */
export type Direction = 'up' | 'down';

const step = (direction: Direction) => (direction === 'down' ? -1 : 1);

/**
 * Whether the last two saves of the session descend (the second one position below the first, or further): the Labels
 * come off a rewound Reel, and the Bench offers to enroll it downward. Nothing to offer on a Reel enrolled downward, nor
 * for two Labels swapped on a Reel that runs upward (59, 61, 60: the save before the pair is below both): one misorder,
 * one key, not a rewound Reel.
 */
export function descending(saved: readonly number[], direction: Direction): { first: number; second: number } | undefined {
  if (direction === 'down' || saved.length < 2) return undefined;
  const first = saved[saved.length - 2] as number;
  const second = saved[saved.length - 1] as number;
  const before = saved[saved.length - 3];
  if (before !== undefined && before < second) return undefined;
  return second < first ? { first, second } : undefined;
}

/** Empties the last filled slot (undo of a read before the Label is saved). */
export function clearLastSlot(state: BenchState): BenchState {
  const last = state.slots.findLastIndex((s) => s.value !== undefined || s.captureSha256 !== undefined);
  const slot = state.slots[last];
  if (!slot) return state;
  return {
    ...state,
    slots: state.slots.map((s, n) => (n === last ? { tagType: s.tagType } : s)),
    feedback: { level: 'ok', code: 'READ_UNDONE', tagType: slot.tagType },
    blocked: false,
  };
}

/** The identifiers to enroll: the string slots that are filled. */
export function filledIdentifiers(state: BenchState): { tagType: StringTagType; value: string }[] {
  return state.slots.flatMap((s) => (s.tagType !== 'SVC' && s.value !== undefined ? [{ tagType: s.tagType, value: s.value }] : []));
}

export function filledCapture(state: BenchState): string | undefined {
  return state.slots.find((s) => s.tagType === 'SVC' && s.captureSha256)?.captureSha256;
}

/**
 * The positions of a snapshot of the Reel that hold a Label enrolled on it (saved here or elsewhere): not the print
 * data's rows, gaps, or Labels taken back. A walk of the whole Reel, so the Bench makes it once per snapshot rather than
 * on every redraw (docs/architecture.md, "The Bench's session").
 */
export function positionsOnReel(labels: readonly { position: number; state: string }[]): ReadonlySet<number> {
  const on = new Set<number>();
  for (const l of labels) if (l.state !== 'expected' && l.state !== 'gap' && l.state !== 'archived') on.add(l.position);
  return on;
}

/**
 * Labels enrolled on the Reel: the snapshot's (`on`, positionsOnReel). The Bench's snapshot of the Reel is older than
 * its session: `saved` are positions the session saved since, `takenBack` those it took back (void, undo; the snapshot
 * may still show them, and an archive shows only once sent).
 */
export function labelsOnReel(on: ReadonlySet<number>, saved: ReadonlySet<number> = new Set(), takenBack: ReadonlySet<number> = new Set()): number {
  let count = on.size;
  for (const position of takenBack) if (on.has(position)) count -= 1;
  for (const position of saved) if (!on.has(position) && !takenBack.has(position)) count += 1;
  return count;
}

/**
 * Whether two snapshots of a Reel hold the same print data: the same positions, each with the same printed values. A
 * read of the Reel again brings the Labels' new states (queued, enrolled) far more often than new print data, and the
 * Bench's index of the print data (printedPositions over every position) then stays as it is. Labels a read again did
 * not change are the very objects held (query/reel-read.ts), so most are told apart by identity.
 */
export function samePrintData(
  a: readonly { position: number; expected: ExpectedValues | null }[],
  b: readonly { position: number; expected: ExpectedValues | null }[],
): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as (typeof a)[number];
    const y = b[i] as (typeof b)[number];
    if (x.position !== y.position) return false;
    if (x.expected === y.expected) continue;
    if (!x.expected || !y.expected) return false;
    const keys = Object.keys(x.expected) as (keyof ExpectedValues)[];
    if (keys.length !== Object.keys(y.expected).length || keys.some((k) => x.expected?.[k] !== y.expected?.[k])) return false;
  }
  return true;
}

/** Labels per minute over the session so far; the first minute counts as a whole one (no wild early rates). */
export function labelsPerMinute(savedAt: readonly number[], now: number): number {
  if (savedAt.length === 0) return 0;
  const minutes = Math.max((now - (savedAt[0] as number)) / 60_000, 1);
  return savedAt.length / minutes;
}

/** This bench's range of a Reel split between benches (docs/sync.md, "Benches sharing a Reel"), both ends included. */
export interface PositionRange {
  first: number;
  last: number;
}

/**
 * The first position at or after `from` that holds no Label yet (print-data rows are `expected`, still free); with a
 * range, not before its first position. Past the range's last when every position of it is taken. Downward (a
 * rewound Reel): the first free at or before `from`, not after the range's last, and never below position 0.
 */
export function nextFreePosition(
  labels: readonly { position: number; state: string }[],
  from: number,
  alsoTaken: ReadonlySet<number> = new Set(),
  range: PositionRange | null = null,
  direction: Direction = 'up',
): number {
  const busy = new Set(labels.filter((l) => l.state !== 'expected').map((l) => l.position));
  const by = step(direction);
  let position = range ? (by > 0 ? Math.max(from, range.first) : Math.min(from, range.last)) : from;
  while ((busy.has(position) || alsoTaken.has(position)) && position + by >= 0) position += by;
  return Math.max(position, 0);
}

/**
 * Where a bench session starts: with a range, its first free position; else the first free print-data position, else
 * after the last Label, else 1.
 */
export function firstPosition(labels: readonly { position: number; state: string }[], range: PositionRange | null = null, direction: Direction = 'up'): number {
  if (range) return nextFreePosition(labels, direction === 'down' ? range.last : range.first, new Set(), range, direction);
  const expected = labels.filter((l) => l.state === 'expected').map((l) => l.position);
  // Downward: from the print data's last position (a Reel without print data has no known end: as upward).
  if (expected.length && direction === 'down') return nextFreePosition(labels, Math.max(...expected), new Set(), null, direction);
  if (expected.length) return nextFreePosition(labels, Math.min(...expected));
  if (labels.length) return Math.max(...labels.map((l) => l.position)) + 1;
  return 1;
}

/**
 * After a refresh: the current position now holds a Label another bench or app enrolled and nothing was read here
 * yet, so the session moves on to the next free position, saying why. Otherwise unchanged (a read at hand stays;
 * saving it is refused by the station, naming the Label there; a position the operator chose that holds a Label of
 * this station stays too).
 */
export function passTakenPosition(
  state: BenchState,
  labels: readonly { position: number; state: string; origin?: string }[],
  composition: readonly ExpectedIdentifier[],
  alsoTaken: ReadonlySet<number> = new Set(),
  range: PositionRange | null = null,
  direction: Direction = 'up',
): BenchState {
  const held = labels.some((l) => l.position === state.position && l.origin === 'elsewhere' && l.state !== 'expected' && l.state !== 'gap');
  const started = state.slots.some((s) => s.value !== undefined || s.captureSha256 !== undefined);
  if (!held || started || state.blocked) return state;
  const next = nextFreePosition(labels, state.position + step(direction), alsoTaken, range, direction);
  return { ...startPosition(next, composition), feedback: { level: 'ok', code: 'TAKEN_ELSEWHERE', position: state.position, next } };
}

/** Whether a position is outside this bench's range (no range: never). */
export function outsideRange(position: number, range: PositionRange | null): boolean {
  return range !== null && (position < range.first || position > range.last);
}

/**
 * The positions the Bench may stand on (docs/architecture.md, "The Bench's session"): this bench's range, else from 1
 * to the print data's last position. A Reel with neither has no known last position (going upward appends to it).
 */
export function benchBounds(labels: readonly { position: number; state: string }[], range: PositionRange | null): { first: number; last: number | null } {
  if (range) return range;
  let last: number | null = null;
  for (const l of labels) if (l.state === 'expected' && (last === null || l.position > last)) last = l.position;
  return { first: 1, last };
}

/** Whether the Bench has passed the end of the Reel or of this bench's range, either way: every position was passed. */
export function pastTheEnd(position: number, bounds: { first: number; last: number | null }): boolean {
  return position < bounds.first || (bounds.last !== null && position > bounds.last);
}

/**
 * Whether the Bench stands past its end: it went past the last (or first, downward) position of the Reel or of this
 * bench's range by itself (advancing, skipping, starting on a Reel all enrolled). A position the operator chose stays
 * a position, unless it is no position at all (below 1).
 */
export function atTheEnd(state: Pick<BenchState, 'position' | 'chosen'>, bounds: { first: number; last: number | null }): boolean {
  return state.position < 1 || (!state.chosen && pastTheEnd(state.position, bounds));
}

/**
 * What the Bench left behind inside its bounds once it passed the end: positions that hold no Label yet (`free`: passed
 * by a go-to, or taken back) and gaps recorded (`gaps`: skipped or voided, a new Label may be enrolled there), each in
 * the Reel's order; `positions` how many the bounds hold. Without a known last position, up to the last one known.
 */
export function leftBehind(
  labels: readonly { position: number; state: string }[],
  bounds: { first: number; last: number | null },
  saved: ReadonlySet<number> = new Set(),
  gapsMade: ReadonlySet<number> = new Set(),
): { free: number[]; gaps: number[]; positions: number } {
  const state = new Map<number, string>();
  let highest = 0;
  for (const l of labels) {
    state.set(l.position, l.state);
    if (l.position > highest) highest = l.position;
  }
  const last = bounds.last ?? Math.max(highest, ...saved);
  const free: number[] = [];
  const gaps: number[] = [];
  for (let p = bounds.first; p <= last; p += 1) {
    if (saved.has(p)) continue;
    const at = state.get(p);
    if (gapsMade.has(p) || at === 'gap') gaps.push(p);
    else if (at === undefined || at === 'expected') free.push(p);
  }
  return { free, gaps, positions: Math.max(last - bounds.first + 1, 0) };
}
