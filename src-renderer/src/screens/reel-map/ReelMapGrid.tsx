import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CELL_MARK, type MapCell } from './cell-state';

const CELL = 64;
const GAP = 4;

/**
 * Every position as a cell, virtualized by rows so 10,000 positions render as fast as 100.
 * Marks `reel-map:painted` on the first paint with cells (read by test/bench/ui.bench.ts).
 */
export function ReelMapGrid({ cells, selected, select }: { cells: MapCell[]; selected: number | undefined; select: (cell: MapCell) => void }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(10);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setColumns(Math.max(1, Math.floor((element.clientWidth - GAP) / (CELL + GAP))));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const rows = Math.ceil(cells.length / columns);
  const virtualizer = useVirtualizer({ count: rows, getScrollElement: () => scroller.current, estimateSize: () => CELL + GAP, overscan: 4 });

  const painted = useRef(false);
  useEffect(() => {
    if (cells.length === 0 || painted.current) return;
    painted.current = true;
    requestAnimationFrame(() => performance.mark('reel-map:painted'));
  }, [cells.length]);

  return (
    <div ref={scroller} className="reel-map" role="grid" aria-label={t('reelMap.gridLabel')} aria-rowcount={rows} aria-colcount={columns} data-testid="reel-map-grid">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div key={row.key} role="row" aria-rowindex={row.index + 1} className="reel-map-row" style={{ transform: `translateY(${row.start}px)` }}>
            {cells.slice(row.index * columns, row.index * columns + columns).map((cell) => (
              <button
                key={cell.position}
                type="button"
                role="gridcell"
                className={`cell state-${cell.state}${selected === cell.position ? ' selected' : ''}`}
                aria-label={t('reelMap.cellLabel', { position: cell.position, state: t(`states.${cell.state}`) })}
                aria-selected={selected === cell.position}
                onClick={() => select(cell)}
              >
                <span className="pos">{cell.position}</span>
                <span className="mark" aria-hidden="true">{CELL_MARK[cell.state]}</span>
              </button>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
