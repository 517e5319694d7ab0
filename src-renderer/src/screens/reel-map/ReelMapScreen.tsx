import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ErrorNote';
import { ReelPicker } from '../../components/ReelPicker';
import { useCommandQuery } from '../../query/use-command';
import { mapCells, type CellState } from './cell-state';
import { LabelDetail } from './LabelDetail';
import { Legend } from './Legend';
import { MoveRange } from './MoveRange';
import { ReelMapGrid } from './ReelMapGrid';

// Reel map: every position as a cell by state; a cell opens its Label.

export function ReelMapScreen({ reelId, pick }: { reelId: string | undefined; pick: (reelId: string) => void }) {
  const { t } = useTranslation();
  const detail = useCommandQuery('reels.show', { reelId: reelId ?? '' }, { enabled: reelId !== undefined });
  const [selected, setSelected] = useState<number>();
  const cells = useMemo(() => mapCells(detail.data?.labels ?? []), [detail.data]);
  const counts = useMemo(() => {
    const out: Partial<Record<CellState, number>> = {};
    for (const c of cells) out[c.state] = (out[c.state] ?? 0) + 1;
    return out;
  }, [cells]);
  useEffect(() => {
    if (detail.data) performance.mark('reel-map:data');
  }, [detail.data]);
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
          <Legend counts={counts} />
          {cells.length === 0 ? <p>{t('reelMap.empty')}</p> : null}
          <div className="map-layout">
            <ReelMapGrid cells={cells} selected={selected} select={(c) => setSelected(c.position)} />
            {selected !== undefined ? <LabelDetail position={selected} label={label} close={() => setSelected(undefined)} /> : null}
          </div>
          {reelId ? <MoveRange reelId={reelId} /> : null}
        </>
      ) : null}
    </section>
  );
}
