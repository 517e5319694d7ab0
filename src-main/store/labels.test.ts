import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUnitTestStation } from '../../test/helpers/db';
import type { Db } from './database';
import {
  deleteLabel,
  labelChangesSince,
  labelsVersion,
  placeLabels,
  labelsHoldingValue,
  newLabelRow,
  printVersion,
  upsertLabel,
  upsertLabels,
  type LocalLabel,
} from './labels';
import { insertReel } from './reels';

// A Reel's versions of its Labels (migration 15; docs/sync.md, "Only what changed reaches a screen"): every writer
// counts, the bulk write with one version for its rows, any other through the triggers, whatever its code path or
// process.

let dir: { path: string; remove(): void };
let db: Db;

const reel = (reelId: string) =>
  insertReel(db, { reelId, profileId: 'p', serviceId: null, name: reelId, description: null, collectionId: null, expectedIdentifiers: [], createOpId: null });
const label = (reelId: string, position: number, more: Partial<LocalLabel> = {}): LocalLabel =>
  newLabelRow({
    labelId: `${reelId}-${position}`,
    reelId,
    position,
    state: 'enrolled',
    serviceId: `svc-${reelId}-${position}`,
    identifiers: [{ tagType: 'TEXT', value: `V-${position}` }],
    origin: 'elsewhere',
    ...more,
  });
const version = (reelId: string) => labelsVersion(db, reelId) as { labels: number; print: number };
const changedSince = (reelId: string, since: number) => {
  const changes = labelChangesSince(db, reelId, since);
  return { labels: changes.labels.map((l) => l.labelId), gone: changes.gone };
};

beforeEach(() => {
  ({ dir, db } = openUnitTestStation('labels-version-'));
  reel('A');
  reel('B');
});
afterEach(() => {
  db.close();
  dir.remove();
});

describe('the versions of a Reel’s Labels', () => {
  it('a bulk write moves its Reel’s version once, and the Labels it wrote are those changed since; the other Reel’s stays', () => {
    const before = { a: version('A'), b: version('B') };
    db.transaction(() =>
      upsertLabels(
        db,
        [1, 2, 3].map((p) => label('A', p)),
      ),
    )();
    const after = version('A');
    expect(after.labels).toBeGreaterThan(before.a.labels);
    expect(after.print).toBe(before.a.print);
    expect(version('B')).toEqual(before.b);
    expect(changedSince('A', before.a.labels)).toEqual({ labels: ['A-1', 'A-2', 'A-3'], gone: [] });
    expect(changedSince('A', after.labels)).toEqual({ labels: [], gone: [] });

    // 150 rows: one statement of a hundred and one of fifty, all of them at one version.
    db.transaction(() =>
      upsertLabels(
        db,
        Array.from({ length: 150 }, (_, n) => label('A', 10 + n)),
      ),
    )();
    const more = changedSince('A', after.labels).labels;
    expect(more).toHaveLength(150);
    expect(changedSince('A', version('A').labels - 1).labels).toHaveLength(150);
  });

  it('a Label written one at a time, changed, rewritten unchanged, moved within the Reel: each change counts once', () => {
    upsertLabel(db, label('A', 1));
    const v1 = version('A').labels;
    expect(changedSince('A', 0).labels).toEqual(['A-1']);

    upsertLabel(db, label('A', 1));
    expect(version('A').labels).toBe(v1);

    upsertLabel(db, label('A', 1, { state: 'archived' }));
    const v2 = version('A').labels;
    expect(v2).toBeGreaterThan(v1);
    expect(changedSince('A', v1)).toEqual({ labels: ['A-1'], gone: [] });

    db.transaction(() => placeLabels(db, [{ labelId: 'A-1', reelId: 'A', position: 7 }]))();
    expect(version('A').labels).toBeGreaterThan(v2);
    expect(changedSince('A', v2)).toEqual({ labels: ['A-1'], gone: [] });
  });

  it('a Label that left its Reel (deleted, or moved to another) is gone from it and new on the other; back again, it is changed, not gone', () => {
    db.transaction(() => upsertLabels(db, [label('A', 1), label('A', 2)]))();
    const a = version('A').labels;
    const b = version('B').labels;

    deleteLabel(db, 'A-1', 'A');
    expect(changedSince('A', a)).toEqual({ labels: [], gone: ['A-1'] });

    db.transaction(() => placeLabels(db, [{ labelId: 'A-2', reelId: 'B', position: 1 }]))();
    expect(changedSince('A', a)).toEqual({ labels: [], gone: ['A-1', 'A-2'] });
    expect(changedSince('B', b)).toEqual({ labels: ['A-2'], gone: [] });

    db.transaction(() => placeLabels(db, [{ labelId: 'A-2', reelId: 'A', position: 2 }]))();
    expect(changedSince('A', a)).toEqual({ labels: ['A-2'], gone: ['A-1'] });
    expect(changedSince('B', b)).toEqual({ labels: [], gone: ['A-2'] });
  });

  it('print data written, changed or removed moves the print version; Labels without it do not', () => {
    const print = version('A').print;
    db.transaction(() => upsertLabels(db, [label('A', 1)]))();
    expect(version('A').print).toBe(print);

    upsertLabel(db, label('A', 2, { state: 'expected', serviceId: null, identifiers: [], expected: { TEXT: 'V-2' } }));
    const printed = version('A').print;
    expect(printed).toBeGreaterThan(print);
    db.transaction(() => upsertLabels(db, [label('A', 3, { state: 'expected', serviceId: null, identifiers: [], expected: { TEXT: 'V-3' } })]))();
    expect(version('A').print).toBeGreaterThan(printed);

    const before = version('A').print;
    upsertLabel(db, label('A', 2, { state: 'expected', serviceId: null, identifiers: [], expected: { TEXT: 'V-2b' } }));
    expect(version('A').print).toBeGreaterThan(before);
    const removed = version('A').print;
    deleteLabel(db, 'A-2', 'A');
    expect(version('A').print).toBeGreaterThan(removed);
  });

  it('another process writing the data folder with SQL of its own, naming no version, is counted too', () => {
    db.transaction(() => upsertLabels(db, [label('A', 1)]))();
    const held = version('A').labels;
    // A process with other code on the same data folder (an older CLI, a script): its writes carry no version.
    const other = new Database(join(dir.path, 'station.sqlite3'));
    try {
      other.prepare("UPDATE labels SET state = 'archived' WHERE label_id = 'A-1'").run();
      other
        .prepare(
          "INSERT INTO labels (label_id, reel_id, position, state, identifiers, created_at, updated_at) VALUES ('A-9', 'A', 9, 'queued', '[]', 'now', 'now')",
        )
        .run();
    } finally {
      other.close();
    }
    const now = version('A').labels;
    expect(now).toBeGreaterThan(held);
    expect(changedSince('A', held)).toEqual({ labels: ['A-1', 'A-9'], gone: [] });
    expect(changedSince('A', now)).toEqual({ labels: [], gone: [] });
  });
});

describe('the Labels of a Reel holding a value', () => {
  it('are those that read it or whose print data names it, by the value rules, whatever characters the values hold', () => {
    const kelvin = '\u212a'; // KELVIN SIGN: its lower case is ASCII "k"
    upsertLabels(db, [
      label('A', 1, { identifiers: [{ tagType: 'QR', value: 'Q-1' }], expected: { QR: 'Q-1' } }),
      label('A', 2, {
        identifiers: [
          { tagType: 'QR', value: 'Q-2' },
          { tagType: 'TEXT', value: 'Äpfel' },
        ],
      }),
      label('A', 3, { identifiers: [], expected: { QR: 'Q-1', TEXT: `${kelvin}ey` } }),
      label('A', 4, { identifiers: [{ tagType: 'TEXT', value: 'say "hi" \\ bye' }] }),
      label('A', 5, { identifiers: [{ tagType: 'TEXT', value: 'Q-1' }] }),
      label('B', 1, { identifiers: [{ tagType: 'QR', value: 'Q-1' }] }),
    ]);
    const holding = (tagType: string, value: string) => labelsHoldingValue(db, 'A', tagType, value).sort();
    // Other types byte for byte; a value under another type is no match.
    expect(holding('QR', 'Q-1')).toEqual(['A-1', 'A-3']);
    expect(holding('QR', 'q-1')).toEqual([]);
    expect(holding('QR', 'Q-')).toEqual([]);
    // TEXT ignores case, beyond ASCII too, both ways.
    expect(holding('TEXT', 'q-1')).toEqual(['A-5']);
    expect(holding('TEXT', 'ÄPFEL')).toEqual(['A-2']);
    expect(holding('TEXT', 'äpfel')).toEqual(['A-2']);
    expect(holding('TEXT', 'KEY')).toEqual(['A-3']);
    expect(holding('TEXT', `${kelvin}EY`)).toEqual(['A-3']);
    // Characters JSON escapes.
    expect(holding('TEXT', 'SAY "HI" \\ BYE')).toEqual(['A-4']);
    expect(holding('TEXT', 'say "hi"')).toEqual([]);
  });

  it('printVersion is labelsVersion’s print alone', () => {
    upsertLabels(db, [label('A', 1, { expected: { TEXT: 'V-1' } })]);
    expect(printVersion(db, 'A')).toBe(version('A').print);
    expect(printVersion(db, 'nowhere')).toBeUndefined();
  });
});
