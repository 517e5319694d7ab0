import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CELL_MARK, ELSEWHERE_MARK, type MapCell } from './cell-state';

const CELL = 64;
const GAP = 4;
/** Rows drawn above and below the visible ones: about two frames of a fast scroll. */
const OVERSCAN_ROWS = 8;

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
  // Smooth scrolling (issue 17: 26 of 120 frames dropped): the rows a scroll brings in are rendered in React's own
  // task, not synchronously inside every scroll event (useFlushSync false), with enough rows drawn ahead (overscan)
  // that a fast scroll never shows a blank band while that task runs.
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => CELL + GAP,
    overscan: OVERSCAN_ROWS,
    useFlushSync: false,
  });

  const painted = useRef(false);
  useEffect(() => {
    if (cells.length === 0 || painted.current) return;
    painted.current = true;
    requestAnimationFrame(() => performance.mark('reel-map:painted'));
  }, [cells.length]);

  // Stable across renders, so rows that stay on screen while scrolling are not rendered again.
  const selectRef = useRef(select);
  selectRef.current = select;
  const onSelect = useCallback((cell: MapCell) => selectRef.current(cell), []);

  return (
    <div
      ref={scroller}
      className="reel-map"
      role="grid"
      aria-label={t('reelMap.gridLabel')}
      aria-rowcount={rows}
      aria-colcount={columns}
      data-testid="reel-map-grid"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const first = row.index * columns;
          const inRow =
            selected !== undefined &&
            cells[first] !== undefined &&
            selected >= (cells[first] as MapCell).position &&
            selected < (cells[first] as MapCell).position + columns
              ? selected
              : undefined;
          return <Row key={row.key} index={row.index} start={row.start} cells={cells} columns={columns} selected={inRow} select={onSelect} />;
        })}
      </div>
    </div>
  );
}

interface RowProps {
  index: number;
  start: number;
  cells: MapCell[];
  columns: number;
  selected: number | undefined;
  select: (cell: MapCell) => void;
}

const Row = memo(function Row({ index, start, cells, columns, selected, select }: RowProps) {
  const { t } = useTranslation();
  return (
    <div role="row" aria-rowindex={index + 1} className="reel-map-row" style={{ transform: `translateY(${start}px)` }}>
      {cells.slice(index * columns, index * columns + columns).map((cell) => (
        <button
          key={cell.position}
          type="button"
          role="gridcell"
          className={`cell state-${cell.state}${cell.elsewhere ? ' elsewhere' : ''}${selected === cell.position ? ' selected' : ''}`}
          aria-label={
            cell.elsewhere
              ? t('reelMap.cellLabelElsewhere', { position: cell.position, state: t(`states.${cell.state}`) })
              : t('reelMap.cellLabel', { position: cell.position, state: t(`states.${cell.state}`) })
          }
          aria-selected={selected === cell.position}
          onClick={() => select(cell)}
        >
          <span className="pos">{cell.position}</span>
          <span className="mark" aria-hidden="true">
            {CELL_MARK[cell.state]}
            {cell.elsewhere ? ELSEWHERE_MARK : ''}
          </span>
        </button>
      ))}
    </div>
  );
});
