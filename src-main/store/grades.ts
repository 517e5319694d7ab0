import { ReelGradingSchema, SymbolGradeSchema, type LabelGrade, type ReelGrading, type SymbolGrade } from '../../src-shared/ipc/grades';
import { z } from 'zod';
import { statement, type Db } from './database';

// Print quality of each Label's codes and each Reel's lowest accepted grade (migration 13; docs/print-quality.md).

interface GradeRow {
  label_id: string;
  position: number;
  grade: LabelGrade['grade'];
  score: number;
  worst: LabelGrade['worst'];
  symbology: LabelGrade['symbology'];
  flagged: number;
  symbols: string;
  graded_at: string;
}

const StoredSymbols = z.array(SymbolGradeSchema).min(1);

function toGrade(row: GradeRow): LabelGrade {
  return {
    labelId: row.label_id,
    position: row.position,
    grade: row.grade,
    score: row.score,
    worst: row.worst,
    symbology: row.symbology,
    flagged: row.flagged === 1,
    gradedAt: row.graded_at,
    symbols: StoredSymbols.parse(JSON.parse(row.symbols)),
  };
}

/** Keeps a Label's grade (a recapture's replaces the one before). `worstOf` is the symbol that sets the grade. */
export function saveLabelGrade(
  db: Db,
  grade: { labelId: string; reelId: string; position: number; captureSha256: string | null; flagged: boolean; symbols: SymbolGrade[]; at: string },
): void {
  const worst = grade.symbols.reduce((a, b) => (b.score < a.score ? b : a));
  statement(
    db,
    `INSERT INTO label_grades (label_id, reel_id, position, grade, score, worst, symbology, flagged, capture_sha256, symbols, graded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(label_id) DO UPDATE SET reel_id = excluded.reel_id, position = excluded.position, grade = excluded.grade,
       score = excluded.score, worst = excluded.worst, symbology = excluded.symbology, flagged = excluded.flagged,
       capture_sha256 = excluded.capture_sha256, symbols = excluded.symbols, graded_at = excluded.graded_at`,
  ).run(
    grade.labelId,
    grade.reelId,
    grade.position,
    worst.grade,
    worst.score,
    worst.worst,
    worst.symbology,
    grade.flagged ? 1 : 0,
    grade.captureSha256,
    JSON.stringify(grade.symbols),
    grade.at,
  );
}

/** A Label's grade removed: it was enrolled again from a capture with no code to grade. */
export function clearLabelGrade(db: Db, labelId: string): void {
  statement(db, 'DELETE FROM label_grades WHERE label_id = ?').run(labelId);
}

/** The grades of a Reel's Labels by position (one position when given); positions taken back or skipped (gaps) are left out. */
export function listReelGrades(db: Db, reelId: string, position?: number): LabelGrade[] {
  const rows = statement(
    db,
    `SELECT g.label_id, g.position, g.grade, g.score, g.worst, g.symbology, g.flagged, g.symbols, g.graded_at
       FROM label_grades g JOIN labels l ON l.label_id = g.label_id
      WHERE g.reel_id = ? AND (? IS NULL OR g.position = ?) AND l.state <> 'gap'
      ORDER BY g.position`,
  ).all(reelId, position ?? null, position ?? null) as GradeRow[];
  return rows.map(toGrade);
}

/** The grades given between two instants (ISO) to Labels of the Reels named, by Reel and position; gaps left out. */
export function listGradesBetween(db: Db, reelIds: readonly string[], fromIso: string, toIso: string): (LabelGrade & { reelId: string })[] {
  if (reelIds.length === 0) return [];
  const rows = statement(
    db,
    `SELECT g.reel_id, g.label_id, g.position, g.grade, g.score, g.worst, g.symbology, g.flagged, g.symbols, g.graded_at
       FROM label_grades g JOIN labels l ON l.label_id = g.label_id
      WHERE g.graded_at >= ? AND g.graded_at < ? AND l.state <> 'gap'
        AND g.reel_id IN (SELECT value FROM json_each(?))
      ORDER BY g.reel_id, g.position`,
  ).all(fromIso, toIso, JSON.stringify(reelIds)) as (GradeRow & { reel_id: string })[];
  return rows.map((row) => ({ ...toGrade(row), reelId: row.reel_id }));
}

export function getReelGrading(db: Db, reelId: string): ReelGrading | undefined {
  const row = statement(db, 'SELECT grade_min AS minGrade, grade_below AS below FROM reels WHERE reel_id = ?').get(reelId);
  return row ? ReelGradingSchema.parse(row) : undefined;
}

export function setReelGrading(db: Db, reelId: string, grading: ReelGrading): void {
  statement(db, 'UPDATE reels SET grade_min = ?, grade_below = ? WHERE reel_id = ?').run(grading.minGrade, grading.below, reelId);
}
