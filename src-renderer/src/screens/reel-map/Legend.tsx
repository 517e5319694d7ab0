import { useTranslation } from 'react-i18next';
import { useFormat } from '../../components/format';
import { CELL_MARK, ELSEWHERE_MARK, type CellState } from './cell-state';

const ORDER: CellState[] = ['expected', 'queued', 'enrolled', 'attention', 'bound', 'archived', 'gap', 'none'];

export function Legend({ counts, elsewhere }: { counts: Partial<Record<CellState, number>>; elsewhere: number }) {
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
    </ul>
  );
}
