import { useTranslation } from 'react-i18next';
import type { BenchRange } from '../../../../src-shared/ipc/reels';
import { useFormat } from '../../components/format';
import { CELL_MARK, ELSEWHERE_MARK, MISMATCH_MARK, type CellState } from './cell-state';
import { REPRINT_MARK } from './reprint-marks';

const ORDER: CellState[] = ['expected', 'queued', 'enrolled', 'attention', 'bound', 'archived', 'gap', 'none'];

export function Legend({
  counts,
  elsewhere,
  range,
  outside,
  mismatches,
  reprinted = 0,
}: {
  counts: Partial<Record<CellState, number>>;
  elsewhere: number;
  range: BenchRange | null;
  outside: number;
  mismatches: number;
  reprinted?: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className="legend" aria-label={t('reelMap.legend')}>
      {ORDER.map((state) => (
        <li key={state}>
          <span className={`cell swatch state-${state}`} aria-hidden="true">
            <span className="mark">{CELL_MARK[state]}</span>
          </span>
          {t(`states.${state}`)} <span className="count">{format.number(counts[state] ?? 0)}</span>
        </li>
      ))}
      <li data-testid="legend-elsewhere">
        <span className="cell swatch state-enrolled elsewhere" aria-hidden="true">
          <span className="mark">{ELSEWHERE_MARK}</span>
        </span>
        {t('reelMap.elsewhere')} <span className="count">{format.number(elsewhere)}</span>
      </li>
      <li data-testid="legend-mismatch">
        <span className="cell swatch state-enrolled mismatch" aria-hidden="true">
          <span className="mark">{MISMATCH_MARK}</span>
        </span>
        {t('reelMap.mismatch')} <span className="count">{format.number(mismatches)}</span>
      </li>
      <li data-testid="legend-reprinted">
        <span className="cell swatch state-enrolled reprinted" aria-hidden="true">
          <span className="mark">{REPRINT_MARK}</span>
        </span>
        {t('reprint.legend')} <span className="count">{format.number(reprinted)}</span>
      </li>
      {range ? (
        <li data-testid="legend-outside">
          <span className="cell swatch state-expected outside" aria-hidden="true" />
          {t('reelMap.outsideRange', range)} <span className="count">{format.number(outside)}</span>
        </li>
      ) : null}
    </ul>
  );
}
