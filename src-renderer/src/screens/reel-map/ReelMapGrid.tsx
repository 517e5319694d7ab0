import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CELL_MARK, ELSEWHERE_MARK, type MapCell } from './cell-state';

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

  // One click handler for every cell (a click or Enter/Space on a cell's button bubbles here): rows a scroll brings
  // in create no handler per cell.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const position = (event.target as HTMLElement).closest<HTMLElement>('[data-position]')?.dataset.position;
    const cell = position === undefined ? undefined : cells.find((c) => c.position === Number(position));
    if (cell) select(cell);
  };

  return (
    <div
      ref={scroller}
      className="reel-map"
      role="grid"
      aria-label={t('reelMap.gridLabel')}
      aria-rowcount={rows}
      aria-colcount={columns}
      data-testid="reel-map-grid"
      onClick={onClick}
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
          return <Row key={row.key} index={row.index} start={row.start} cells={cells} columns={columns} selected={inRow} />;
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
}

const Row = memo(function Row({ index, start, cells, columns, selected }: RowProps) {
  const { t } = useTranslation();
  return (
    <div role="row" aria-rowindex={index + 1} className="reel-map-row" style={{ transform: `translateY(${start}px)` }}>
      {cells.slice(index * columns, index * columns + columns).map((cell) => (
        <button
          key={cell.position}
          type="button"
          role="gridcell"
          data-position={cell.position}
          className={`cell state-${cell.state}${cell.elsewhere ? ' elsewhere' : ''}${selected === cell.position ? ' selected' : ''}`}
          aria-label={t(cell.elsewhere ? 'reelMap.cellLabelElsewhere' : 'reelMap.cellLabel', { position: cell.position, state: t(`states.${cell.state}`) })}
          aria-selected={selected === cell.position}
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
