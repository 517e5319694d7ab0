import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRADE_LETTERS } from '../../../../src-shared/domain/grade-order';
import { useFormat } from '../../components/format';
import { useCommandQuery } from '../../query/use-command';
import type { MapCell } from './cell-state';
import { FLAGGED_MARK, GRADE_MARK, withGrades, type CellGrade } from './grade-cells';
import './grade-map.css';

// The Reel map's "colour by: state / print grade" (docs/print-quality.md, "The Reel map by grade"): the toggle, the
// Labels' grades read while it is on, and the grades' legend with counts.

const ORDER: CellGrade[] = [...GRADE_LETTERS, 'none'];
type ColourBy = 'state' | 'grade';

/** The cells as the map shows them (with their grades when coloured by grade) and the toggle and legend to show. */
export function useGradeColouring(reelId: string | undefined, cells: MapCell[], refetchIntervalMs: number) {
  const [by, setBy] = useState<ColourBy>('state');
  const grades = useCommandQuery('grades.reel', { reelId: reelId ?? '' }, { enabled: reelId !== undefined && by === 'grade', refetchIntervalMs });
  const shown = useMemo(() => (by === 'grade' && grades.data ? withGrades(cells, grades.data.labels) : cells), [by, cells, grades.data]);
  return {
    cells: shown,
    byGrade: by === 'grade' && grades.data !== undefined,
    toggle: <ColourByToggle by={by} setBy={setBy} />,
    minGrade: grades.data?.grading.minGrade,
    error: grades.error,
  };
}

function ColourByToggle({ by, setBy }: { by: ColourBy; setBy: (by: ColourBy) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="colour-by" data-testid="map-colour-by">
      <legend>{t('gradeTrend.colourBy')}</legend>
      {(['state', 'grade'] as const).map((value) => (
        <label key={value} className="check">
          <input type="radio" name="map-colour-by" value={value} checked={by === value} onChange={() => setBy(value)} />
          {t(value === 'state' ? 'gradeTrend.byState' : 'gradeTrend.byGrade')}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The grades' legend: each grade's colour and letter, no grade's pattern and mark, and how many cells each; and the
 * flagged Labels' mark (below the Reel's lowest accepted grade `minGrade` now) with their count.
 */
export function GradeLegend({ cells, minGrade }: { cells: readonly MapCell[]; minGrade: string | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const counts = useMemo(() => {
    const out: Partial<Record<CellGrade, number>> = {};
    for (const c of cells) if (c.grade) out[c.grade] = (out[c.grade] ?? 0) + 1;
    return out;
  }, [cells]);
  const flagged = useMemo(() => cells.filter((c) => c.flagged).length, [cells]);
  return (
    <>
      <ul className="legend" aria-label={t('gradeTrend.gradeLegend')} data-testid="grade-legend">
        {ORDER.map((grade) => (
          <li key={grade}>
            <span className={`cell swatch cell-grade-${grade}`} aria-hidden="true">
              <span className="mark">{GRADE_MARK[grade]}</span>
            </span>
            {grade === 'none' ? t('gradeTrend.ungraded') : t('gradeTrend.grade', { grade })} <span className="count">{format.number(counts[grade] ?? 0)}</span>
          </li>
        ))}
        {minGrade ? (
          <li data-testid="grade-legend-flagged">
            <span className="cell swatch cell-grade-none cell-flagged" aria-hidden="true">
              <span className="mark">{FLAGGED_MARK}</span>
            </span>
            {t('gradeTrend.flagged', { min: minGrade })} <span className="count">{format.number(flagged)}</span>
          </li>
        ) : null}
      </ul>
      <p className="hint">{t('grade.notCertified')}</p>
    </>
  );
}
