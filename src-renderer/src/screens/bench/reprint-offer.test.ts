import { describe, expect, it } from 'vitest';
import { reprintOffer } from './reprint-offer';

// When the Bench offers a reprint, and with which reason (docs/printing.md, "Reprints at the bench").

const base = { position: 7, feedback: null, blocked: false };

describe('reprintOffer', () => {
  it('offers nothing while the bench goes well', () => {
    expect(reprintOffer(base)).toBeNull();
    expect(reprintOffer({ ...base, feedback: { level: 'ok', code: 'SAVED', position: 6 } })).toBeNull();
  });

  it('a misprint or misorder caught by the bench, while it blocks: the current position, reason misprint', () => {
    const feedback = { level: 'error', code: 'PRINT_DATA_MISMATCH', tagType: 'TEXT', expected: 'A-7', actual: 'B-7' } as const;
    expect(reprintOffer({ ...base, feedback, blocked: true })).toEqual({ position: 7, situation: 'misprint', reason: 'misprint' });
    // Acknowledged: the offer goes with the error.
    expect(reprintOffer({ ...base, feedback, blocked: false })).toBeNull();
    const misorder = {
      level: 'error',
      code: 'MISORDER',
      tagType: 'TEXT',
      value: 'A-9',
      position: 7,
      belongsTo: 9,
      read: { tagType: 'TEXT', value: 'A-9' },
    } as const;
    expect(reprintOffer({ ...base, feedback: misorder, blocked: true })).toMatchObject({ position: 7, reason: 'misprint' });
  });

  it('a save the core refused as a misprint, misorder or a grade too low', () => {
    expect(reprintOffer({ ...base, saveErrorCode: 'STATION_MISPRINT' })).toMatchObject({ position: 7, situation: 'misprint' });
    expect(reprintOffer({ ...base, saveErrorCode: 'STATION_MISORDER' })).toMatchObject({ position: 7, situation: 'misprint' });
    expect(reprintOffer({ ...base, saveErrorCode: 'PRINT_GRADE_LOW', grade: { position: 7, grade: 'D' } })).toEqual({
      position: 7,
      situation: 'grade',
      reason: 'misprint',
      grade: 'D',
    });
    expect(reprintOffer({ ...base, saveErrorCode: 'STATION_OFFLINE' })).toBeNull();
  });

  it('a voided Label: the voided position, reason damaged', () => {
    expect(reprintOffer({ ...base, position: 8, feedback: { level: 'ok', code: 'VOIDED', position: 7 } })).toEqual({
      position: 7,
      situation: 'voided',
      reason: 'damaged',
    });
  });

  it('a capture graded below the Reel’s lowest accepted grade, on the slots or saved flagged; at or above it, none', () => {
    expect(reprintOffer({ ...base, minGrade: 'C', grade: { position: 7, grade: 'D' } })).toMatchObject({ position: 7, situation: 'grade', grade: 'D' });
    expect(reprintOffer({ ...base, minGrade: 'C', grade: { position: 7, grade: 'C' } })).toBeNull();
    expect(
      reprintOffer({ ...base, position: 8, minGrade: 'B', feedback: { level: 'ok', code: 'SAVED', position: 7 }, grade: { position: 7, grade: 'C' } }),
    ).toMatchObject({ position: 7, situation: 'grade' });
    // A grade of a position left behind long ago is not offered again.
    expect(reprintOffer({ ...base, position: 9, minGrade: 'B', grade: { position: 7, grade: 'C' } })).toBeNull();
  });
});
