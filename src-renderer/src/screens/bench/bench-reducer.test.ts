import { describe, expect, it } from 'vitest';
import { identifierMapKey } from '../../../../src-shared/domain/identifier-values';
import { printedPositions } from '../../../../src-shared/domain/print-check';
import {
  acknowledge,
  atTheEnd,
  benchBounds,
  clearLastSlot,
  leftBehind,
  pastTheEnd,
  rejectPlacedRead,
  filledIdentifiers,
  isComplete,
  jumpTo,
  labelsOnReel,
  positionsOnReel,
  samePrintData,
  labelsPerMinute,
  placeCapture,
  placeRead,
  positionAfterSave,
  descending,
  firstPosition,
  nextFreePosition,
  startPosition,
  type ReelFacts,
} from './bench-reducer';

const composition = [
  { tagType: 'QR' as const, count: 1 },
  { tagType: 'NFC' as const, count: 1 },
  { tagType: 'SVC' as const, count: 1 },
];
const facts = (over: Partial<ReelFacts> = {}): ReelFacts => ({ composition, expected: null, taken: new Map(), ...over });
const capture = { accepted: true, sha256: 'a'.repeat(64), thumbnail: null, reasons: [] };

describe('bench session', () => {
  it('fills one slot per expected identifier and is complete when all are filled', () => {
    let s = startPosition(3, composition);
    expect(s.slots.map((x) => x.tagType)).toEqual(['QR', 'NFC', 'SVC']);
    s = placeRead(s, { tagType: 'QR', value: 'Q-3' }, facts());
    s = placeRead(s, { tagType: 'NFC', value: '04A1' }, facts());
    expect(isComplete(s)).toBe(false);
    s = placeCapture(s, capture);
    expect(isComplete(s)).toBe(true);
    expect(filledIdentifiers(s)).toEqual([
      { tagType: 'QR', value: 'Q-3' },
      { tagType: 'NFC', value: '04A1' },
    ]);
  });

  it('a misprint is an error that blocks reads until acknowledged', () => {
    let s = startPosition(3, composition);
    s = placeRead(s, { tagType: 'QR', value: 'Q-9' }, facts({ expected: { QR: 'Q-3' } }));
    expect(s.feedback).toMatchObject({ level: 'error', code: 'PRINT_DATA_MISMATCH', expected: 'Q-3', actual: 'Q-9' });
    expect(s.slots[0]?.value).toBeUndefined();
    const blocked = placeRead(s, { tagType: 'NFC', value: '04A1' }, facts());
    expect(blocked.slots[1]?.value).toBeUndefined();
    s = placeRead(acknowledge(s), { tagType: 'NFC', value: '04A1' }, facts());
    expect(s.slots[1]?.value).toBe('04A1');
  });

  it('a read or capture while an error waits for Enter is named as not used, each one; Enter clears it', () => {
    const s = placeRead(startPosition(3, composition), { tagType: 'QR', value: 'Q-9' }, facts({ expected: { QR: 'Q-3' } }));
    expect(s.heldBack).toBeUndefined();
    const once = placeRead(s, { tagType: 'NFC', value: '04A1' }, facts());
    expect(once.heldBack).toEqual({ values: ['04A1'], count: 1 });
    expect(once.feedback).toBe(s.feedback);
    expect(once.blocked).toBe(true);
    const twice = placeCapture(once, capture);
    expect(twice.heldBack).toEqual({ values: ['04A1', 'a'.repeat(12)], count: 2 });
    expect(twice.slots.every((slot) => slot.value === undefined && slot.captureSha256 === undefined)).toBe(true);
    const acknowledged = acknowledge(twice);
    expect(acknowledged.heldBack).toBeUndefined();
    expect(acknowledged.blocked).toBe(false);
  });

  it("a misordered label is named with both positions: the read is another position's print data", () => {
    const printedAt = printedPositions([
      { position: 17, expected: { TEXT: 'SER-0017', QR: 'https://example.test/SER-0017' } },
      { position: 18, expected: { TEXT: 'SER-0018', QR: 'https://example.test/SER-0018' } },
    ]);
    const text = [{ tagType: 'TEXT' as const, count: 1 }];
    const at17 = facts({ composition: text, expected: { TEXT: 'SER-0017' }, printedAt });
    const s = placeRead(startPosition(17, text), { tagType: 'TEXT', value: 'ser-0018' }, at17);
    expect(s.feedback).toMatchObject({ level: 'error', code: 'MISORDER', position: 17, belongsTo: 18, value: 'ser-0018' });
    expect(s.blocked).toBe(true);
    expect(s.slots[0]?.value).toBeUndefined();
    // Its own position's value is placed; a value on no position is a misprint.
    expect(placeRead(startPosition(17, text), { tagType: 'TEXT', value: 'SER-0017' }, at17).feedback).toMatchObject({ code: 'READ_PLACED' });
    expect(placeRead(startPosition(17, text), { tagType: 'TEXT', value: 'SER-9999' }, at17).feedback).toMatchObject({
      code: 'PRINT_DATA_MISMATCH',
      expected: 'SER-0017',
      actual: 'SER-9999',
    });
  });

  it('a value already on another Label of the Reel is caught on the second scan', () => {
    const s = placeRead(startPosition(5, composition), { tagType: 'QR', value: 'Q-1' }, facts({ taken: new Map([[identifierMapKey('QR', 'Q-1'), 1]]) }));
    expect(s.feedback).toMatchObject({ level: 'error', code: 'DUPLICATE_IN_REEL', position: 1 });
  });

  it('a value found on the service afterwards leaves its slot and blocks until acknowledged', () => {
    let s = placeRead(startPosition(5, composition), { tagType: 'QR', value: 'Q-1' }, facts());
    s = rejectPlacedRead(s, 'QR', 'Q-1', 12, 'Wine 7');
    expect(s.slots[0]?.value).toBeUndefined();
    expect(s.feedback).toMatchObject({ level: 'error', code: 'DUPLICATE_ON_SERVICE', position: 12, reelName: 'Wine 7' });
    expect(s.blocked).toBe(true);
    expect(rejectPlacedRead(startPosition(6, composition), 'QR', 'Q-1', 12, null).feedback).toBeNull();
  });

  it('TEXT compares case-insensitively against the print data and duplicates', () => {
    const text = [{ tagType: 'TEXT' as const, count: 1 }];
    const ok = placeRead(startPosition(1, text), { tagType: 'TEXT', value: 'abc' }, { composition: text, expected: { TEXT: 'ABC' }, taken: new Map() });
    expect(ok.feedback?.level).toBe('ok');
    const dup = placeRead(
      startPosition(2, text),
      { tagType: 'TEXT', value: 'ABC' },
      { composition: text, expected: null, taken: new Map([[identifierMapKey('TEXT', 'abc'), 1]]) },
    );
    expect(dup.feedback?.code).toBe('DUPLICATE_IN_REEL');
  });

  it('an unexpected type or a refused capture is a warning that does not block', () => {
    let s = placeRead(startPosition(1, composition), { tagType: 'BAR_CODE', value: '123' }, facts());
    expect(s.feedback).toMatchObject({ level: 'warning', code: 'UNEXPECTED_TYPE' });
    expect(s.blocked).toBe(false);
    s = placeCapture(s, { ...capture, accepted: false, reasons: ['LOW_DETAIL'] });
    expect(s.feedback).toMatchObject({ level: 'warning', code: 'CAPTURE_REFUSED' });
    expect(s.slots[2]?.captureSha256).toBeUndefined();
  });

  it('a fallback-typed scan fills the scanned slot still waiting', () => {
    const s = placeRead(startPosition(1, composition), { tagType: 'BAR_CODE', value: 'Q-1', basis: 'fallback' }, facts());
    expect(s.slots[0]).toEqual({ tagType: 'QR', value: 'Q-1' });
  });

  it('the very picture already saved for another Label is an error that blocks until acknowledged', () => {
    const s = placeCapture(startPosition(4, composition), capture, facts({ taken: new Map([[identifierMapKey('SVC', capture.sha256), 2]]) }));
    expect(s.feedback).toEqual({ level: 'error', code: 'SAME_CAPTURE', position: 2 });
    expect(s.blocked).toBe(true);
    expect(s.slots.find((x) => x.tagType === 'SVC')?.captureSha256).toBeUndefined();
  });

  it('a recapture that decodes the code already in its slot changes nothing and warns of nothing', () => {
    const s = placeRead(startPosition(1, composition), { tagType: 'QR', value: 'Q-1' }, facts());
    expect(placeRead(s, { tagType: 'QR', value: 'Q-1', basis: 'symbology', fromCapture: true }, facts())).toBe(s);
  });

  it('undo empties the last filled slot; a repeat read is a warning', () => {
    let s = placeRead(startPosition(1, composition), { tagType: 'QR', value: 'Q-1' }, facts());
    expect(placeRead(s, { tagType: 'QR', value: 'Q-1' }, facts()).feedback?.code).toBe('REPEAT_READ');
    s = clearLastSlot(s);
    expect(s.slots[0]?.value).toBeUndefined();
  });

  it('labels per minute over the session', () => {
    expect(labelsPerMinute([], 0)).toBe(0);
    expect(labelsPerMinute([0, 30_000, 60_000], 120_000)).toBe(1.5);
  });
});

describe('positions', () => {
  it("after a misorder's jump, the save goes back to the open position while it is free", () => {
    const text = [{ tagType: 'TEXT' as const, count: 1 }];
    const labels = [
      { position: 4, state: 'queued' },
      { position: 5, state: 'expected' },
      { position: 20, state: 'expected' },
      { position: 21, state: 'expected' },
    ];
    const at20 = jumpTo(startPosition(5, text), 20, text);
    expect(at20).toMatchObject({ position: 20, returnTo: 5, feedback: null, blocked: false });
    expect(positionAfterSave(at20, labels, 20)).toBe(5);
    // A second misorder from the jumped-to position still comes back to the first open one.
    expect(jumpTo(at20, 30, text).returnTo).toBe(5);
    // Taken meanwhile (this session saved it, or a Label is there): on to the next free position after the save.
    expect(positionAfterSave(at20, labels, 20, new Set([5]))).toBe(21);
    expect(positionAfterSave(at20, [...labels, { position: 5, state: 'enrolled' }], 20)).toBe(21);
    // No jump: on to the next free one.
    expect(positionAfterSave(startPosition(20, text), labels, 20)).toBe(21);
  });

  it('"On this Reel" counts Labels enrolled: not print data, gaps or Labels taken back', () => {
    const states = ['expected', 'queued', 'enrolled', 'attention', 'bound', 'archived', 'gap'];
    const labels = states.map((state, n) => ({ position: n + 1, state }));
    expect(labelsOnReel(positionsOnReel(labels))).toBe(4);
    // The session saved at 1 (the snapshot still says expected) and took back 2 (it still says queued).
    expect(labelsOnReel(positionsOnReel(labels), new Set([1]), new Set([2]))).toBe(4);
    // Saved at 7 after a gap, voided at 3 and 5: two Labels left of the snapshot's four, plus 1 and 7.
    expect(labelsOnReel(positionsOnReel(labels), new Set([1, 7]), new Set([3, 5]))).toBe(4);
    expect(labelsOnReel(positionsOnReel(labels), new Set(), new Set([2, 3, 4, 5]))).toBe(0);
  });

  it('tells a snapshot with new print data from one with only new states', () => {
    const expected = { QR: 'B-1', NFC: '04000001' };
    const held = [
      { position: 1, expected },
      { position: 2, expected: null },
    ];
    // Position 1 enrolled since: its Label is a new object, its print data parsed again.
    expect(samePrintData(held, [{ position: 1, expected: { NFC: '04000001', QR: 'B-1' } }, held[1]!])).toBe(true);
    expect(samePrintData(held, [{ position: 1, expected: { QR: 'B-1', NFC: '04000009' } }, held[1]!])).toBe(false);
    expect(samePrintData(held, [{ position: 1, expected: { QR: 'B-1' } }, held[1]!])).toBe(false);
    expect(samePrintData(held, [held[0]!, { position: 2, expected: { QR: 'B-2' } }])).toBe(false);
    expect(samePrintData(held, [held[0]!, { position: 3, expected: null }])).toBe(false);
    expect(samePrintData(held, [held[0]!])).toBe(false);
  });

  it('starts at the first free print-data position and skips taken ones', async () => {
    const { firstPosition, nextFreePosition } = await import('./bench-reducer');
    const labels = [
      { position: 1, state: 'enrolled' },
      { position: 2, state: 'expected' },
      { position: 3, state: 'queued' },
      { position: 4, state: 'expected' },
    ];
    expect(firstPosition(labels)).toBe(2);
    expect(nextFreePosition(labels, 3)).toBe(4);
    expect(nextFreePosition(labels, 2, new Set([2]))).toBe(4);
    expect(firstPosition([{ position: 7, state: 'queued' }])).toBe(8);
    expect(firstPosition([])).toBe(1);
  });

  it("with this bench's range: starts at its first free position and advances inside it", async () => {
    const { firstPosition, nextFreePosition, outsideRange } = await import('./bench-reducer');
    const range = { first: 5, last: 8 };
    const labels = [
      { position: 1, state: 'expected' },
      { position: 5, state: 'enrolled' },
      { position: 6, state: 'expected' },
      { position: 7, state: 'enrolled' },
    ];
    // Not the first print-data position (1, another bench's), the first free one of the range.
    expect(firstPosition(labels, range)).toBe(6);
    expect(nextFreePosition(labels, 2, new Set(), range)).toBe(6);
    expect(nextFreePosition(labels, 7, new Set(), range)).toBe(8);
    // Every position of the range taken: past its last, which the bench names.
    expect(nextFreePosition(labels, 8, new Set([8]), range)).toBe(9);
    expect(outsideRange(9, range)).toBe(true);
    expect(outsideRange(4, range)).toBe(true);
    expect(outsideRange(5, range)).toBe(false);
    expect(outsideRange(4, null)).toBe(false);
  });

  it('a refresh that finds the current position enrolled elsewhere moves on, unless a read is at hand', async () => {
    const { passTakenPosition } = await import('./bench-reducer');
    const composition = [{ tagType: 'TEXT' as const, count: 1 }];
    const labels = [
      { position: 3, state: 'enrolled', origin: 'elsewhere' },
      { position: 4, state: 'enrolled', origin: 'elsewhere' },
      { position: 8, state: 'enrolled', origin: 'here' },
    ];
    const moved = passTakenPosition(startPosition(3, composition), labels, composition);
    expect(moved.position).toBe(5);
    expect(moved.feedback).toEqual({ level: 'ok', code: 'TAKEN_ELSEWHERE', position: 3, next: 5 });
    const atHand = { ...startPosition(3, composition), slots: [{ tagType: 'TEXT' as const, value: 'X' }] };
    expect(passTakenPosition(atHand, labels, composition)).toBe(atHand);
    const free = startPosition(6, composition);
    expect(passTakenPosition(free, labels, composition)).toBe(free);
    // A Label of this station at a position the operator went to is not "just enrolled elsewhere".
    const own = startPosition(8, composition);
    expect(passTakenPosition(own, labels, composition)).toBe(own);
    expect(passTakenPosition(startPosition(3, composition), labels, composition, new Set(), { first: 3, last: 9 }).position).toBe(5);
  });
});

describe('a Reel enrolled downward, from its end (a rewound Reel)', () => {
  const labels = [
    { position: 40, state: 'queued' },
    { position: 38, state: 'gap' },
    ...Array.from({ length: 37 }, (_, i) => ({ position: i + 1, state: 'expected' })),
  ];

  it('advances, skips and starts downward: past Labels and gaps, inside the range, never below 0', () => {
    expect(positionAfterSave({}, labels, 39, new Set(), null, 'down')).toBe(37);
    expect(positionAfterSave({}, labels, 39, new Set([37]), null, 'down')).toBe(36);
    expect(firstPosition(labels, null, 'down')).toBe(37);
    expect(firstPosition(labels, { first: 10, last: 20 }, 'down')).toBe(20);
    expect(nextFreePosition([{ position: 0, state: 'queued' }], 0, new Set(), null, 'down')).toBe(0);
    expect(positionAfterSave({}, labels, 39, new Set(), null, 'up')).toBe(41);
  });

  it('offers to go downward after two saves in a row that descend, not otherwise', () => {
    expect(descending([40, 39], 'up')).toEqual({ first: 40, second: 39 });
    expect(descending([39, 40], 'up')).toBeUndefined();
    expect(descending([40], 'up')).toBeUndefined();
    expect(descending([40, 39], 'down')).toBeUndefined();
    // Two Labels swapped on a Reel that runs upward: a misorder, not a rewound Reel.
    expect(descending([59, 61, 60], 'up')).toBeUndefined();
    expect(descending([41, 40, 39], 'up')).toEqual({ first: 40, second: 39 });
    expect(descending([3, 40, 39], 'up')).toBeUndefined();
  });
});

describe("the end of the Reel or of this bench's range, either direction", () => {
  // Print data for 1–40; 1–38 enrolled, 39 a gap, 40 still free.
  const printed = Array.from({ length: 40 }, (_, n) => ({ position: n + 1, state: 'expected' }));
  const labels = printed.map((l) => (l.position <= 38 ? { ...l, state: 'enrolled' } : l.position === 39 ? { ...l, state: 'gap' } : l));

  it("bounds: the range, else 1 to the print data's last position, else no last", () => {
    expect(benchBounds(printed, null)).toEqual({ first: 1, last: 40 });
    expect(benchBounds(printed, { first: 24, last: 30 })).toEqual({ first: 24, last: 30 });
    expect(benchBounds([{ position: 7, state: 'enrolled' }], null)).toEqual({ first: 1, last: null });
  });

  it('past the end downward below the first position, upward after the last; a Reel of no known length only downward', () => {
    const bounds = benchBounds(printed, null);
    // Downward after position 1 the next position is 0; upward after 40, 41: neither is a position of the Reel.
    expect(positionAfterSave({}, [], 1, new Set(), null, 'down')).toBe(0);
    expect(pastTheEnd(0, bounds)).toBe(true);
    expect(pastTheEnd(41, bounds)).toBe(true);
    expect(pastTheEnd(1, bounds)).toBe(false);
    expect(pastTheEnd(40, bounds)).toBe(false);
    expect(pastTheEnd(31, { first: 24, last: 30 })).toBe(true);
    expect(pastTheEnd(23, { first: 24, last: 30 })).toBe(true);
    expect(pastTheEnd(5000, { first: 1, last: null })).toBe(false);
    expect(pastTheEnd(0, { first: 1, last: null })).toBe(true);
  });

  it('a position the operator chose past the print data or the range stays a position; below 1 never is', () => {
    const bounds = { first: 3, last: 6 };
    expect(atTheEnd({ position: 7 }, bounds)).toBe(true);
    expect(atTheEnd({ position: 7, chosen: true }, bounds)).toBe(false);
    expect(atTheEnd({ position: 0, chosen: true }, { first: 1, last: null })).toBe(true);
    expect(atTheEnd({ position: 4 }, bounds)).toBe(false);
    // A misorder's jump is a choice too.
    expect(jumpTo(startPosition(0, composition), 5, composition)).toMatchObject({ position: 5, chosen: true });
  });

  it("names what was left behind: positions still free and gaps, the session's own saves and gaps counted", () => {
    expect(leftBehind(labels, { first: 1, last: 40 })).toEqual({ free: [40], gaps: [39], positions: 40 });
    // Saved this session at 40 (the snapshot does not show it yet), a gap the session left at 5.
    expect(leftBehind(labels, { first: 1, last: 40 }, new Set([40]), new Set([5]))).toEqual({ free: [], gaps: [5, 39], positions: 40 });
    expect(leftBehind(labels, { first: 30, last: 38 })).toEqual({ free: [], gaps: [], positions: 9 });
    // No known last position: up to the last one known.
    expect(leftBehind([{ position: 3, state: 'enrolled' }], { first: 1, last: null })).toEqual({ free: [1, 2], gaps: [], positions: 3 });
  });

  it('a read past the end has no position: refused, unless it belongs at a position of the print data (a misorder, jumped to)', () => {
    const at = printedPositions(printed.map((l) => ({ ...l, expected: { QR: `Q-${l.position}` } })));
    const past = startPosition(0, [{ tagType: 'QR', count: 1 }]);
    const doneFacts = facts({ composition: [{ tagType: 'QR', count: 1 }], done: true });
    const refused = placeRead(past, { tagType: 'QR', value: 'Q-unknown' }, doneFacts);
    expect(refused.feedback).toEqual({ level: 'error', code: 'REEL_DONE', tagType: 'QR', value: 'Q-unknown' });
    expect(refused.slots[0]?.value).toBeUndefined();
    expect(refused.blocked).toBe(true);
    const belongs = placeRead(past, { tagType: 'QR', value: 'Q-40', basis: 'symbology' }, { ...doneFacts, printedAt: at });
    expect(belongs.feedback).toMatchObject({ code: 'MISORDER', belongsTo: 40 });
  });
});
