import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ErrorNote';
import { GoToPosition } from '../../components/GoToPosition';
import { useFormat } from '../../components/format';
import { ReelPicker } from '../../components/ReelPicker';
import { reelRead } from '../../query/reel-read';
import { useCommandQuery } from '../../query/use-command';
import { mapCells, type CellState } from './cell-state';
import { BenchRangeForm } from './BenchRangeForm';
import { GradeLegend, useGradeColouring } from './GradeColouring';
import { GradeSettingForm } from './GradeSettingForm';
import { LabelDetail } from './LabelDetail';
import { Legend } from './Legend';
import { MoveRange } from './MoveRange';
import { ReelMapGrid } from './ReelMapGrid';
import { markReprinted, reprintedPositions } from './reprint-marks';

// Reel map: every position as a cell by state, Labels enrolled by another bench or app marked apart, positions outside
// this bench's range shaded; a cell opens its Label.

const REFRESH_MS = 15_000;

export function ReelMapScreen({ reelId, pick }: { reelId: string | undefined; pick: (reelId: string) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Read again on a schedule while shown: Labels other benches enroll appear (a refresh that finds the Reel's counts
  // unchanged is one request; docs/sync.md, "Benches sharing a Reel"), and only the Labels changed since come (reel-read.ts).
  const detail = useCommandQuery(
    'reels.show',
    { reelId: reelId ?? '' },
    { enabled: reelId !== undefined, refetchIntervalMs: REFRESH_MS, read: reelRead({ reelId: reelId ?? '' }) },
  );
  const [selected, setSelected] = useState<number>();
  /** A position asked for in the go-to field: selected and scrolled into view (`n` tells one ask from the next). */
  const [reveal, setReveal] = useState<{ position: number; n: number }>();
  const prints = useCommandQuery('print.log', { reelId: reelId ?? '' }, { enabled: reelId !== undefined, refetchIntervalMs: REFRESH_MS });
  const reprinted = useMemo(() => reprintedPositions(prints.data?.prints ?? []), [prints.data]);
  const labels = detail.data?.labels;
  const benchRange = detail.data?.benchRange ?? null;
  const extent = detail.data?.extent ?? null;
  const cells = useMemo(() => markReprinted(mapCells(labels ?? [], benchRange, extent), reprinted), [labels, benchRange, extent, reprinted]);
  const counts = useMemo(() => {
    const out: Partial<Record<CellState, number>> = {};
    for (const c of cells) out[c.state] = (out[c.state] ?? 0) + 1;
    return out;
  }, [cells]);
  const elsewhere = useMemo(() => cells.filter((c) => c.elsewhere).length, [cells]);
  const outside = useMemo(() => cells.filter((c) => c.outside).length, [cells]);
  const mismatches = useMemo(() => cells.filter((c) => c.mismatch).length, [cells]);
  useEffect(() => {
    if (detail.data) performance.mark('reel-map:data');
  }, [detail.data]);
  const colouring = useGradeColouring(reelId, cells, REFRESH_MS);
  const label = selected === undefined ? undefined : detail.data?.labels.find((l) => l.position === selected);

  return (
    <section aria-labelledby="map-title" className="stack">
      <h2 id="map-title">
        {t('reelMap.title')}
        {detail.data ? `: ${detail.data.name}` : ''}
      </h2>
      <ReelPicker reelId={reelId} pick={pick} />
      <ErrorNote error={detail.error} />
      {detail.data ? (
        <>
          {colouring.toggle}
          <ErrorNote error={colouring.error} />
          {colouring.byGrade ? (
            <GradeLegend cells={colouring.cells} minGrade={colouring.minGrade} />
          ) : (
            <Legend counts={counts} elsewhere={elsewhere} range={detail.data.benchRange} outside={outside} mismatches={mismatches} reprinted={reprinted.size} />
          )}
          {detail.data.hasPrintData ? null : (
            <p className="warning-note" role="note" data-testid="no-print-data">
              <span aria-hidden="true">⚠ </span>
              {t('printCheck.notChecked')}
            </p>
          )}
          {detail.data.benchRange || detail.data.refreshedAt ? (
            <p className="hint">
              {detail.data.benchRange ? <strong data-testid="reel-map-range">{t('reelMap.range', detail.data.benchRange)}</strong> : null}
              {detail.data.benchRange && detail.data.refreshedAt ? ' · ' : null}
              {detail.data.refreshedAt ? (
                <span data-testid="reel-refreshed-at">{t('reelMap.refreshedAt', { time: format.time(detail.data.refreshedAt) })}</span>
              ) : null}
            </p>
          ) : null}
          {cells.length === 0 ? <p>{t('reelMap.empty')}</p> : null}
          {cells.length > 0 ? (
            <GoToPosition
              testId="reel-map-go-to"
              go={(asked) => {
                // Past the map's ends: its nearest end.
                const position = Math.min(Math.max(asked, cells[0]?.position ?? asked), cells.at(-1)?.position ?? asked);
                setSelected(position);
                setReveal((r) => ({ position, n: (r?.n ?? 0) + 1 }));
              }}
            />
          ) : null}
          <div className="map-layout">
            <ReelMapGrid cells={colouring.cells} selected={selected} select={(c) => setSelected(c.position)} reveal={reveal} />
            {selected !== undefined ? <LabelDetail position={selected} label={label} close={() => setSelected(undefined)} /> : null}
          </div>
          {reelId ? <MoveRange reelId={reelId} /> : null}
          <BenchRangeForm key={detail.data.reelId} reelId={detail.data.reelId} range={detail.data.benchRange} />
          <GradeSettingForm key={`grade-${detail.data.reelId}`} reelId={detail.data.reelId} />
        </>
      ) : null}
    </section>
  );
}
