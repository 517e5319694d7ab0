import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CELL_MARK, ELSEWHERE_MARK, MISMATCH_MARK, type MapCell } from './cell-state';
import { REPRINT_MARK } from './reprint-marks';
import { FLAGGED_MARK, GRADE_MARK } from './grade-cells';

const CELL = 64;
const GAP = 4;

/** Stands for the position in a cell's name template (see useCellName). */
const POSITION_SLOT = '\u0001';

/**
 * A cell's accessible name ("Position 12: expected"). i18next formats one template per kind of cell (state, enrolled
 * elsewhere, outside this bench's range) and a cell only puts its position in: a scroll step brings in ~60 cells, and a `t()` call for each was a
 * third of the step's script time (docs/architecture.md, "Renderer").
 */
function useCellName(): (cell: MapCell) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    void language; // the templates are the language's: made again when it changes (with or without a new `t`)
    const templates = new Map<string, readonly string[]>();
    return (cell: MapCell) => {
      const kind = `${cell.state}${cell.elsewhere ? '+elsewhere' : ''}${cell.outside ? '+outside' : ''}${cell.mismatch ? '+mismatch' : ''}${cell.reprinted ? '+reprinted' : ''}+${cell.grade ?? ''}${cell.flagged ? '+flagged' : ''}`;
      let parts = templates.get(kind);
      if (!parts) {
        const base = t(cell.elsewhere ? 'reelMap.cellLabelElsewhere' : 'reelMap.cellLabel', { position: POSITION_SLOT, state: t(`states.${cell.state}`) });
        const checked = cell.mismatch ? t('reelMap.cellMismatch', { name: base }) : base;
        const stated = cell.reprinted ? t('reprint.cellReprinted', { name: checked }) : checked;
        const name =
          cell.grade === undefined
            ? stated
            : cell.grade === 'none'
              ? t('gradeTrend.cellUngraded', { name: stated })
              : t(cell.flagged ? 'gradeTrend.cellFlagged' : 'gradeTrend.cellGraded', { name: stated, grade: cell.grade });
        parts = (cell.outside ? t('reelMap.cellOutsideRange', { name }) : name).split(POSITION_SLOT);
        templates.set(kind, parts);
      }
      return parts.join(String(cell.position));
    };
  }, [t, language]);
}

/**
 * Every position as a cell, virtualized by rows (@tanstack/react-virtual) so 10,000 positions render as fast as 100.
 * A scroll step renders only the rows it brings in: rows are memoized and keyed by their index, and a cell is one
 * button with its position as text and its mark (docs/architecture.md, "Renderer").
 * Marks `reel-map:painted` on the first paint with cells (read by test/bench/ui.bench.ts).
 */
export function ReelMapGrid({
  cells,
  selected,
  select,
  reveal,
}: {
  cells: MapCell[];
  selected: number | undefined;
  select: (cell: MapCell) => void;
  /** A position the go-to field asked for: its row is scrolled into view. */
  reveal?: { position: number; n: number } | undefined;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(10);
  const cellName = useCellName();

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

  // Go to a position: its row scrolled to the middle (a position past the map's ends: the nearest end). Its Label's
  // panel opens beside the map (ReelMapScreen) and takes the focus.
  const firstCell = cells[0]?.position ?? 0;
  const cellCount = cells.length;
  useEffect(() => {
    if (!reveal || cellCount === 0) return;
    const index = Math.min(Math.max(reveal.position - firstCell, 0), cellCount - 1);
    virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'center' });
    // Only when asked (reveal), not when the cells or the columns change under it.
  }, [reveal]);

  const painted = useRef(false);
  useEffect(() => {
    if (cells.length === 0 || painted.current) return;
    painted.current = true;
    requestAnimationFrame(() => performance.mark('reel-map:painted'));
  }, [cells.length]);

  // One click handler for every cell (a click or Enter/Space on a cell's button bubbles here): rows a scroll brings
  // in create no handler per cell. Cells run from the first position without holes (mapCells).
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const position = (event.target as HTMLElement).closest<HTMLElement>('[data-position]')?.dataset.position;
    const first = cells[0]?.position;
    const cell = position === undefined || first === undefined ? undefined : cells[Number(position) - first];
    if (cell) select(cell);
  };

  const firstPosition = cells[0]?.position ?? 0;
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
          const rowFirst = firstPosition + row.index * columns;
          const inRow = selected !== undefined && selected >= rowFirst && selected < rowFirst + columns ? selected : undefined;
          return <Row key={row.key} index={row.index} start={row.start} cells={cells} columns={columns} selected={inRow} cellName={cellName} />;
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
  cellName: (cell: MapCell) => string;
}

const Row = memo(function Row({ index, start, cells, columns, selected, cellName }: RowProps) {
  const inRow: MapCell[] = cells.slice(index * columns, index * columns + columns);
  return (
    <div role="row" aria-rowindex={index + 1} className="reel-map-row" style={{ transform: `translateY(${start}px)` }}>
      {inRow.map((cell) => (
        <button
          key={cell.position}
          type="button"
          role="gridcell"
          data-position={cell.position}
          className={`cell state-${cell.state}${cell.elsewhere ? ' elsewhere' : ''}${cell.outside ? ' outside' : ''}${cell.mismatch ? ' mismatch' : ''}${cell.reprinted ? ' reprinted' : ''}${cell.grade ? ` cell-grade-${cell.grade}` : ''}${cell.flagged ? ' cell-flagged' : ''}${selected === cell.position ? ' selected' : ''}`}
          aria-label={cellName(cell)}
          aria-selected={selected === cell.position}
        >
          {cell.position}
          <span className="mark" aria-hidden="true">
            {(cell.grade ? GRADE_MARK[cell.grade] + (cell.flagged ? FLAGGED_MARK : '') : CELL_MARK[cell.state]) +
              (cell.elsewhere ? ELSEWHERE_MARK : '') +
              (cell.mismatch ? MISMATCH_MARK : '') +
              (cell.reprinted ? REPRINT_MARK : '')}
          </span>
        </button>
      ))}
    </div>
  );
});
