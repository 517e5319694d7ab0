import { identifierKey, identifierValuesMatch, matchesByteForByte } from '../../src-shared/domain/identifier-values';
import type { ExpectedValues, LabelState, LocalIdentifier } from '../../src-shared/domain/label';
import { timeOrderedUUID } from '../runtime/time-ordered-id';
import { statement, type Db } from './database';

// Labels as a local mirror: what the bench enrolled, what the print data expects, and what the
// service answered (its id, warnings, or the reason it needs attention).

interface LabelAttention {
  reason: string;
  code: string;
  requestId: string | null;
  /** The fields a screen says it with (src-shared/ipc/error-words.ts). */
  detail?: Record<string, unknown>;
}

export interface LocalLabel {
  labelId: string;
  reelId: string;
  position: number;
  state: LabelState;
  serviceId: string | null;
  identifiers: LocalIdentifier[];
  expected: ExpectedValues | null;
  captureSha256: string | null;
  indexing: 'default' | 'none';
  warnings: string[];
  attention: LabelAttention | null;
  boundThreadId: string | null;
  /** 'here': enrolled by this station; 'elsewhere': another bench or app enrolled it (read from the service). */
  origin: LabelOrigin;
}

type LabelOrigin = 'here' | 'elsewhere';

/** A Label to write: without an origin it is this station's own. */
export type LabelRow = Omit<LocalLabel, 'origin'> & { origin?: LabelOrigin };

interface Row {
  label_id: string;
  reel_id: string;
  position: number;
  state: LabelState;
  service_id: string | null;
  identifiers: string;
  expected: string | null;
  capture_sha256: string | null;
  indexing: 'default' | 'none';
  warnings: string;
  attention: string | null;
  bound_thread_id: string | null;
  origin: LabelOrigin;
}

/** Row's columns in order, for a read in raw mode (arrays); rowOf makes a Row of one. */
const ROW_COLUMNS = [
  'label_id',
  'reel_id',
  'position',
  'state',
  'service_id',
  'identifiers',
  'expected',
  'capture_sha256',
  'indexing',
  'warnings',
  'attention',
  'bound_thread_id',
  'origin',
] as const satisfies readonly (keyof Row)[];

function rowOf(v: readonly unknown[]): Row {
  // An object literal of one shape (V8 builds it at once), in ROW_COLUMNS' order.
  return {
    label_id: v[0],
    reel_id: v[1],
    position: v[2],
    state: v[3],
    service_id: v[4],
    identifiers: v[5],
    expected: v[6],
    capture_sha256: v[7],
    indexing: v[8],
    warnings: v[9],
    attention: v[10],
    bound_thread_id: v[11],
    origin: v[12],
  } as Row;
}

function fromRow(row: Row): LocalLabel {
  return {
    labelId: row.label_id,
    reelId: row.reel_id,
    position: row.position,
    state: row.state,
    serviceId: row.service_id,
    identifiers: JSON.parse(row.identifiers) as LocalIdentifier[],
    expected: row.expected ? (JSON.parse(row.expected) as ExpectedValues) : null,
    captureSha256: row.capture_sha256,
    indexing: row.indexing,
    warnings: JSON.parse(row.warnings) as string[],
    attention: row.attention ? (JSON.parse(row.attention) as LabelAttention) : null,
    boundThreadId: row.bound_thread_id,
    origin: row.origin,
  };
}

export function getLabel(db: Db, labelId: string): LocalLabel | undefined {
  const row = statement(db, 'SELECT * FROM labels WHERE label_id = ?').get(labelId) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

export function getLabelAt(db: Db, reelId: string, position: number): LocalLabel | undefined {
  const row = statement(db, 'SELECT * FROM labels WHERE reel_id = ? AND position = ?').get(reelId, position) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

/** Only the state of the Label at a position (a check of thousands of print-data rows reads no more). */
export function getLabelStateAt(db: Db, reelId: string, position: number): Pick<LocalLabel, 'state' | 'serviceId' | 'origin'> | undefined {
  return statement(db, 'SELECT state, service_id AS serviceId, origin FROM labels WHERE reel_id = ? AND position = ?').get(reelId, position) as
    Pick<LocalLabel, 'state' | 'serviceId' | 'origin'> | undefined;
}

export function getLabelByServiceId(db: Db, serviceId: string): LocalLabel | undefined {
  const row = statement(db, 'SELECT * FROM labels WHERE service_id = ?').get(serviceId) as Row | undefined;
  return row ? fromRow(row) : undefined;
}

export function listLabels(db: Db, reelId: string, range?: { from: number; to: number }): LocalLabel[] {
  const rows = range
    ? statement(db, 'SELECT * FROM labels WHERE reel_id = ? AND position BETWEEN ? AND ? ORDER BY position').all(reelId, range.from, range.to)
    : statement(db, 'SELECT * FROM labels WHERE reel_id = ? ORDER BY position').all(reelId);
  return (rows as Row[]).map(fromRow);
}

export function countLabelsByState(db: Db, reelId: string): Partial<Record<LabelState, number>> {
  const out: Partial<Record<LabelState, number>> = {};
  for (const row of statement(db, 'SELECT state, COUNT(*) AS n FROM labels WHERE reel_id = ? GROUP BY state').all(reelId) as {
    state: LabelState;
    n: number;
  }[]) {
    out[row.state] = row.n;
  }
  return out;
}

/**
 * The highest position of the Reel's print data (rows with expected values), of a Label the service holds (here or
 * enrolled elsewhere, as last read) and of any Label held here (queued, in attention, on the service): what the
 * Reel's known extent is made of (src-main/changes/reel-extent.ts).
 */
export function highestPositions(db: Db, reelId: string): { printData: number | null; onService: number | null; held: number | null } {
  return statement(
    db,
    `SELECT MAX(CASE WHEN expected IS NOT NULL THEN position END) AS printData, MAX(CASE WHEN service_id IS NOT NULL THEN position END) AS onService,
       MAX(CASE WHEN state NOT IN ('expected', 'gap') THEN position END) AS held FROM labels WHERE reel_id = ?`,
  ).get(reelId) as { printData: number | null; onService: number | null; held: number | null };
}

/** Inserts or replaces the Label at its position (an expected row becomes the enrolled one). */
export function upsertLabel(db: Db, label: LabelRow): void {
  const now = new Date().toISOString();
  statement(
    db,
    `INSERT INTO labels (label_id, reel_id, position, state, service_id, identifiers, expected, capture_sha256, indexing, warnings, attention, bound_thread_id, origin, created_at, updated_at)
     VALUES (@labelId, @reelId, @position, @state, @serviceId, @identifiers, @expected, @captureSha256, @indexing, @warnings, @attention, @boundThreadId, @origin, @now, @now)
     ON CONFLICT(label_id) DO UPDATE SET reel_id = excluded.reel_id, position = excluded.position, state = excluded.state,
       service_id = excluded.service_id, identifiers = excluded.identifiers, expected = excluded.expected,
       capture_sha256 = excluded.capture_sha256, indexing = excluded.indexing, warnings = excluded.warnings,
       attention = excluded.attention, bound_thread_id = excluded.bound_thread_id, origin = excluded.origin, updated_at = excluded.updated_at`,
  ).run({
    ...label,
    origin: label.origin ?? 'here',
    identifiers: JSON.stringify(label.identifiers),
    expected: label.expected ? JSON.stringify(label.expected) : null,
    warnings: JSON.stringify(label.warnings),
    attention: label.attention ? JSON.stringify(label.attention) : null,
    now,
  });
}

const LABEL_COLUMNS =
  'label_id, reel_id, position, state, service_id, identifiers, expected, capture_sha256, indexing, warnings, attention, bound_thread_id, origin, created_at, updated_at, version';
const UPSERT_ROWS = 100;
const upsertMany = (
  rows: number,
) => `INSERT INTO labels (${LABEL_COLUMNS}) VALUES ${Array.from({ length: rows }, () => '(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)').join(',')}
  ON CONFLICT(label_id) DO UPDATE SET reel_id = excluded.reel_id, position = excluded.position, state = excluded.state,
    service_id = excluded.service_id, identifiers = excluded.identifiers, expected = excluded.expected,
    capture_sha256 = excluded.capture_sha256, indexing = excluded.indexing, warnings = excluded.warnings,
    attention = excluded.attention, bound_thread_id = excluded.bound_thread_id, origin = excluded.origin, updated_at = excluded.updated_at,
    version = excluded.version`;
const UPSERT_MANY = upsertMany(UPSERT_ROWS);

/**
 * upsertLabel for many Labels (the mirror's page of a Reel read from the service): a hundred rows a statement, so a
 * 10,000-Label Reel is written in a hundred statements rather than 10,000 (docs/sync.md, "Opening at shop scale").
 * Every row written takes one new version of the Labels, taken once for all of them (migration 15; docs/sync.md, "Only
 * what changed reaches a screen"), so its callers write only rows that changed. Call it inside a transaction.
 */
export function upsertLabels(db: Db, labels: readonly LabelRow[]): void {
  if (labels.length === 0) return;
  const now = new Date().toISOString();
  const version = nextLabelVersion(db);
  for (let start = 0; start < labels.length; start += UPSERT_ROWS) {
    const rows = Math.min(UPSERT_ROWS, labels.length - start);
    const values: unknown[] = [];
    for (let n = start; n < start + rows; n += 1) {
      const l = labels[n] as LabelRow;
      values.push(
        l.labelId,
        l.reelId,
        l.position,
        l.state,
        l.serviceId,
        JSON.stringify(l.identifiers),
        l.expected ? JSON.stringify(l.expected) : null,
        l.captureSha256,
        l.indexing,
        JSON.stringify(l.warnings),
        l.attention ? JSON.stringify(l.attention) : null,
        l.boundThreadId,
        l.origin ?? 'here',
        now,
        now,
        version,
      );
    }
    statement(db, rows === UPSERT_ROWS ? UPSERT_MANY : upsertMany(rows)).run(...values);
  }
}

/** Takes the next version of the Labels (migration 15's counter, one for the data folder). Inside a transaction. */
function nextLabelVersion(db: Db): number {
  return (statement(db, 'UPDATE label_version SET value = value + 1 WHERE id = 0 RETURNING value').get() as { value: number }).value;
}

/** A Reel's Labels in brief, identifiers as stored (JSON): what the mirror compares before it writes anything. */
export interface LabelBrief {
  labelId: string;
  position: number;
  state: LabelState;
  serviceId: string | null;
  boundThreadId: string | null;
  origin: LabelOrigin;
  identifiersJson: string;
}

/**
 * A Reel's Labels in full, each with its brief (which carries the Reel): what the mirror compares, and the answer it
 * builds from them. Read as arrays (better-sqlite3's raw mode) and made into rows here: 10,000 rows as arrays take a
 * third of the time of 10,000 objects built by the driver, a cost the mirror pays before it merges the first page
 * (docs/sync.md, "Opening at shop scale").
 */
export function labelRowsWithBriefs(db: Db, reelId: string): { label: LocalLabel; brief: LabelBrief & { reelId: string } }[] {
  const read = statement(db, `SELECT ${ROW_COLUMNS.join(', ')} FROM labels WHERE reel_id = ?`).raw(true);
  return (read.all(reelId) as unknown[][]).map((values) => {
    const row = rowOf(values);
    return {
      label: fromRow(row),
      brief: {
        labelId: row.label_id,
        reelId: row.reel_id,
        position: row.position,
        state: row.state,
        serviceId: row.service_id,
        boundThreadId: row.bound_thread_id,
        origin: row.origin,
        identifiersJson: row.identifiers,
      },
    };
  });
}

/** The Labels carrying these service ids, wherever they are (one query for a page the mirror merges). */
export function labelsByServiceIds(db: Db, serviceIds: readonly string[]): Map<string, LocalLabel> {
  if (serviceIds.length === 0) return new Map();
  const rows = statement(db, 'SELECT * FROM labels WHERE service_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(serviceIds)) as Row[];
  return new Map(rows.map((row) => [row.service_id as string, fromRow(row)]));
}

/**
 * A stamp of what was written to the database, by this connection (total_changes) or another (data_version): the
 * mirror compares it between its own writes to know nobody else wrote meanwhile.
 */
export function writeStamp(db: Db): string {
  const changes = (statement(db, 'SELECT total_changes() AS n').get() as { n: number }).n;
  const version = (statement(db, 'PRAGMA data_version').get() as { data_version: number }).data_version;
  return `${changes}:${version}`;
}

/**
 * Removes a Label row (one that left the Reel on the service), only while it is still on `reelId`. Print data stays
 * with its position (docs/sync.md, "Print data stays with the position"): a Label that carried its position's print
 * data leaves a print-data row in its place, answered (`newId` names it).
 */
export function deleteLabel(db: Db, labelId: string, reelId: string): LocalLabel | undefined {
  const row = statement(db, 'SELECT * FROM labels WHERE label_id = ? AND reel_id = ?').get(labelId, reelId) as Row | undefined;
  if (!row) return undefined;
  statement(db, 'DELETE FROM labels WHERE label_id = ? AND reel_id = ?').run(labelId, reelId);
  const left = fromRow(row);
  if (!left.expected) return undefined;
  const kept = newLabelRow({ labelId: timeOrderedUUID(), reelId, position: left.position, expected: left.expected });
  upsertLabel(db, kept);
  return kept;
}

/**
 * A new Label row with the fields given: by default print data's state (expected), this station's own, and nothing
 * read, captured, warned or bound.
 */
export function newLabelRow(fields: Pick<LocalLabel, 'labelId' | 'reelId' | 'position'> & Partial<LocalLabel>): LocalLabel {
  return {
    state: 'expected',
    serviceId: null,
    identifiers: [],
    expected: null,
    captureSha256: null,
    indexing: 'default',
    warnings: [],
    attention: null,
    boundThreadId: null,
    origin: 'here',
    ...fields,
  };
}

export function updateLabel(db: Db, labelId: string, patch: Partial<Omit<LocalLabel, 'labelId'>>): void {
  const current = getLabel(db, labelId);
  if (!current) return;
  upsertLabel(db, { ...current, ...patch });
}

/**
 * The Labels of a Reel that read `value` of `tagType` or whose print data names it, by identifierValuesMatch
 * (src-shared/domain/identifier-values.ts: TEXT ignores case): a lookup of a 10,000-Label Reel. The rows' JSON is
 * searched as text first, which rules out only rows that cannot hold the value; the rows left are compared exactly.
 * JSON without a backslash holds each of its strings as it is between quotes, so a row holding the value holds it so
 * as text, or, for TEXT, its lower case (SQLite's lower() folds ASCII alone: a row with other characters is always
 * compared exactly).
 */
export function labelsHoldingValue(db: Db, reelId: string, tagType: string, value: string): string[] {
  const caseless = !matchesByteForByte(tagType);
  const text = "(identifiers || COALESCE(expected, ''))";
  const rows = statement(
    db,
    `SELECT label_id AS labelId, identifiers, expected FROM labels WHERE reel_id = ?
       AND (instr(${caseless ? `lower(${text})` : text}, ?) > 0 OR instr(${text}, '\\') > 0${caseless ? ` OR ${text} GLOB '*[^ -~]*'` : ''})`,
  ).all(reelId, `"${identifierKey(tagType, value)}"`) as { labelId: string; identifiers: string; expected: string | null }[];
  const holding: string[] = [];
  for (const row of rows) {
    const carried = (JSON.parse(row.identifiers) as LocalIdentifier[]).some(
      (i) => i.tagType === tagType && typeof i.value === 'string' && identifierValuesMatch(tagType, i.value, value),
    );
    const printed = row.expected === null ? undefined : (JSON.parse(row.expected) as Record<string, unknown>)[tagType];
    if (carried || (typeof printed === 'string' && identifierValuesMatch(tagType, printed, value))) holding.push(row.labelId);
  }
  return holding;
}

/**
 * Puts Labels at new Reel positions (a move the service made). An expected row or gap at a target position gives
 * way; the rows pass through negative positions first, so moving within one Reel never collides on
 * UNIQUE(reel, position). Call it inside a transaction. Answers the print-data rows the Labels left behind.
 */
export function placeLabels(db: Db, allMoves: readonly { labelId: string; reelId: string; position: number }[]): LocalLabel[] {
  // Print data stays with its position (docs/sync.md, "Print data stays with the position"), whatever moves: a Label
  // leaves its position's print data behind as a print-data row and takes the print data of the place it goes to.
  // A Label already where it goes is no move at all.
  const moves: { labelId: string; reelId: string; position: number }[] = [];
  const left: Pick<Row, 'reel_id' | 'position' | 'expected'>[] = [];
  for (const m of allMoves) {
    const row = statement(db, 'SELECT reel_id, position, expected FROM labels WHERE label_id = ?').get(m.labelId) as
      Pick<Row, 'reel_id' | 'position' | 'expected'> | undefined;
    if (row && row.reel_id === m.reelId && row.position === m.position) continue;
    moves.push(m);
    if (row) left.push(row);
  }
  moves.forEach((m, n) => statement(db, 'UPDATE labels SET position = ? WHERE label_id = ?').run(-1 - n, m.labelId));
  const kept: LocalLabel[] = [];
  for (const row of left) {
    if (row.expected === null) continue;
    const expected = JSON.parse(row.expected) as ExpectedValues;
    kept.push(newLabelRow({ labelId: timeOrderedUUID(), reelId: row.reel_id, position: row.position, expected }));
    upsertLabel(db, kept[kept.length - 1] as LocalLabel);
  }
  const now = new Date().toISOString();
  for (const m of moves) {
    const there = statement(db, "SELECT expected FROM labels WHERE reel_id = ? AND position = ? AND state IN ('expected','gap')").get(m.reelId, m.position) as
      Pick<Row, 'expected'> | undefined;
    statement(db, "DELETE FROM labels WHERE reel_id = ? AND position = ? AND state IN ('expected','gap')").run(m.reelId, m.position);
    statement(db, 'UPDATE labels SET reel_id = ?, position = ?, expected = ?, updated_at = ? WHERE label_id = ?').run(
      m.reelId,
      m.position,
      there?.expected ?? null,
      now,
      m.labelId,
    );
  }
  return kept;
}

/** Where else this very picture is the optical tag of a Label (not this Reel position), if anywhere. */
export function sameCaptureElsewhere(db: Db, sha256: string, reelId: string, position: number): { reel: string; position: number } | undefined {
  return statement(
    db,
    "SELECT r.name AS reel, l.position FROM labels l JOIN reels r ON r.reel_id = l.reel_id WHERE l.capture_sha256 = ? AND NOT (l.reel_id = ? AND l.position = ?) AND l.state NOT IN ('expected', 'gap') LIMIT 1",
  ).get(sha256, reelId, position) as { reel: string; position: number } | undefined;
}

// A repeat is another enrolled-or-queued Label of this Reel: a recapture or a re-enrollment of a voided position is
// not a repeat of itself, and expected rows or gaps hold no marking.
const REEL_VALUES_SQL = `SELECT position, json_extract(j.value, '$.tagType') AS tagType, json_extract(j.value, '$.value') AS value
  FROM labels, json_each(labels.identifiers) j
  WHERE reel_id = ? AND state NOT IN ('expected', 'gap', 'archived') AND json_extract(j.value, '$.value') IS NOT NULL`;

/**
 * Every identifier value the Reel's enrolled or queued Labels carry, with its position. An archived Label (one set
 * aside) holds none: its values never stand against the real Label's (docs/sync.md, "Settling a collision").
 */
export function reelValues(db: Db, reelId: string): Iterable<{ position: number; tagType: string; value: string }> {
  return statement(db, REEL_VALUES_SQL).iterate(reelId) as Iterable<{ position: number; tagType: string; value: string }>;
}

/**
 * The position of another enrolled or queued Label of the Reel that carries this value, if any. SQL selects the
 * Reel's values of the tagType; whether one is the same marking is identifierValuesMatch's
 * (src-shared/domain/identifier-values.ts: TEXT ignores case).
 */
export function positionHolding(db: Db, reelId: string, tagType: string, value: string, exceptPosition: number): number | undefined {
  const rows = statement(db, `${REEL_VALUES_SQL} AND position <> ? AND json_extract(j.value, '$.tagType') = ?`).iterate(
    reelId,
    exceptPosition,
    tagType,
  ) as Iterable<{ position: number; value: string }>;
  for (const row of rows) if (identifierValuesMatch(tagType, row.value, value)) return row.position;
  return undefined;
}

/** Every position of a Reel with print data, and its values (the print-data check's index: src-main/changes/print-check.ts). */
export function reelPrintData(db: Db, reelId: string): Iterable<{ position: number; expected: ExpectedValues }> {
  const rows = statement(db, 'SELECT position, expected FROM labels WHERE reel_id = ? AND expected IS NOT NULL').iterate(reelId) as Iterable<{
    position: number;
    expected: string;
  }>;
  return (function* () {
    for (const row of rows) yield { position: row.position, expected: JSON.parse(row.expected) as ExpectedValues };
  })();
}

/** The Labels (not print data alone, nor gaps) whose rows changed between two instants (ISO), across Reels. */
export function labelsChangedBetween(db: Db, from: string, to: string): LocalLabel[] {
  const rows = statement(db, "SELECT * FROM labels WHERE updated_at >= ? AND updated_at < ? AND state NOT IN ('expected', 'gap')").all(from, to) as Row[];
  return rows.map(fromRow);
}

/**
 * A Reel's versions of its Labels (migration 15): `labels`, the highest version of its Label rows and of the Labels
 * gone from it, moves with every change of a Label row a view shows; `print` with every change of the Reel's print
 * data. Undefined for a Reel not here.
 */
export function labelsVersion(db: Db, reelId: string): { labels: number; print: number } | undefined {
  return statement(
    db,
    `SELECT MAX(COALESCE((SELECT MAX(version) FROM labels WHERE reel_id = r.reel_id), 0),
       COALESCE((SELECT MAX(version) FROM labels_gone WHERE reel_id = r.reel_id), 0)) AS labels, print_version AS print
     FROM reels r WHERE reel_id = ?`,
  ).get(reelId) as { labels: number; print: number } | undefined;
}

/** The version of a Reel's print data alone (labelsVersion's `print`), without reading its Labels' versions. */
export function printVersion(db: Db, reelId: string): number | undefined {
  return (statement(db, 'SELECT print_version AS print FROM reels WHERE reel_id = ?').get(reelId) as { print: number } | undefined)?.print;
}

/** The Labels changed on a Reel or come onto it after its labels version `since`, by position, and the ids of those that left it since. */
export function labelChangesSince(db: Db, reelId: string, since: number): { labels: LocalLabel[]; gone: string[] } {
  const rows = statement(db, 'SELECT * FROM labels WHERE reel_id = ? AND version > ? ORDER BY position').all(reelId, since) as Row[];
  // A Label gone from the Reel and back on it since is a changed one.
  const gone = statement(
    db,
    'SELECT label_id AS labelId FROM labels_gone g WHERE reel_id = ? AND version > ? AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.label_id = g.label_id AND l.reel_id = g.reel_id)',
  ).all(reelId, since) as { labelId: string }[];
  return { labels: rows.map(fromRow), gone: gone.map((g) => g.labelId) };
}
