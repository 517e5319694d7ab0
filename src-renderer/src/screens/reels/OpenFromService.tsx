import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { ErrorNote } from '../../components/ErrorNote';
import { FileChooser } from '../../components/FileChooser';
import { useFormat } from '../../components/format';
import { useCommandQuery } from '../../query/use-command';
import { screenFromHash, type ScreenId } from '../../shell/screens';
import { openReel, useReelOpenings, type ReelOpening } from '../../query/reel-openings';

// Open a Reel from the service (docs/sync.md, "Benches sharing a Reel"): the Reels of the active Team on the service,
// searched by name, each with its Label count; opening one makes its settings and every Label on it known here. The
// service has no place for print data: the print run's CSV (the import's format, the same chooser) goes with the
// opening, so this bench checks every value against it (docs/sync.md, "Print data on every bench"). An opening shows
// how far it has read the Reel's Labels, page by page, and goes on while the operator works on another screen
// (query/reel-openings.ts; docs/sync.md, "Opening at shop scale"); the Reel map opens at its end only if this screen is
// still shown.

export function OpenFromService({ open }: { open: (reelId: string, screen: ScreenId) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState<string>();
  const [printData, setPrintData] = useState<string>();
  const found = useCommandQuery('reels.find', asked ? { q: asked } : {}, { enabled: asked !== undefined });
  const openings = useReelOpenings();
  const client = useQueryClient();
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const startOpening = (r: { serviceId: string; name: string }) => {
    openReel(r.name, { serviceId: r.serviceId, ...(printData !== undefined ? { printData: { csv: printData } } : {}) })
      .then(
        (out) => {
          // Only if the operator is still here: not after they chose another screen, even while its chunk loads and
          // this one is still drawn (shell/use-route.ts).
          const here = screenFromHash(window.location.hash);
          if (shown.current && (here === undefined || here === 'reels')) open(out.reelId, 'reelMap');
        },
        // Shown with the opening (query/reel-openings.ts keeps it).
        () => undefined,
      )
      .finally(() => {
        void client.invalidateQueries({ queryKey: ['cmd', 'reels.list'] });
        void client.invalidateQueries({ queryKey: ['cmd', 'reels.show'] });
      });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAsked(search.trim());
    if (asked === search.trim()) void found.refetch();
  };
  const reels = found.data?.reels ?? [];
  return (
    <section className="card" aria-labelledby="open-from-service-title">
      <h3 id="open-from-service-title">{t('openReel.title')}</h3>
      <p className="hint">{t('openReel.help')}</p>
      <form onSubmit={submit} className="toolbar" role="search">
        <label>
          {t('openReel.search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit" disabled={found.isFetching}>
          {t('openReel.find')}
        </button>
      </form>
      <FileChooser label={t('printCheck.openWithPrintData')} accept=".csv,text/csv" onText={setPrintData} />
      <p className="hint" data-testid="open-print-data-hint">
        {printData === undefined ? t('printCheck.openWithoutPrintData') : t('printCheck.openPrintDataChosen')}
      </p>
      <ErrorNote error={found.error} />
      {[...openings.values()].map((opening) => (
        <OpeningProgress key={opening.serviceId} opening={opening} />
      ))}
      {found.data ? (
        <DataTable
          label={t('openReel.tableLabel')}
          compact
          className="reels-table"
          rows={reels}
          rowKey={(r) => r.serviceId}
          empty={t('openReel.none')}
          columns={[
            {
              key: 'name',
              header: t('reels.name'),
              rowHeader: true,
              className: 'one-line',
              title: (r) => (r.description ? `${r.name}: ${r.description}` : r.name),
              cell: (r) => (
                <>
                  {r.name}
                  {r.description ? <span className="hint"> · {r.description}</span> : null}
                </>
              ),
            },
            {
              key: 'count',
              header: t('openReel.labelCount'),
              numeric: true,
              cell: (r) => (r.labelCount === null || r.labelCount === undefined ? '?' : format.number(r.labelCount)),
            },
            {
              key: 'actions',
              header: t('common.actions'),
              className: 'actions',
              cell: (r) => (
                <button
                  type="button"
                  disabled={openings.has(r.serviceId) && !openings.get(r.serviceId)?.error}
                  aria-label={t('openReel.openNamed', { name: r.name })}
                  onClick={() => startOpening(r)}
                >
                  {openings.has(r.serviceId) && !openings.get(r.serviceId)?.error
                    ? t('openProgress.opening')
                    : r.reelId
                      ? t('openReel.openAgain')
                      : t('openReel.open')}
                </button>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}

/**
 * How far one opening is: "Reading the Reel's Labels: page 3 of 40 (1,200 of 10,000)" over a bar; without a total
 * from the service, what was read so far over a bar that only says it is busy.
 */
function OpeningProgress({ opening }: { opening: ReelOpening }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { progress, name } = opening;
  if (opening.error !== undefined)
    return (
      <div data-testid="open-progress" data-state="failed">
        <p>{t('openProgress.failed', { name })}</p>
        <ErrorNote error={opening.error} />
      </div>
    );
  const n = (value: number) => format.number(value);
  const words =
    progress === null
      ? t('openProgress.asking')
      : progress.done
        ? t('openProgress.read', { labels: n(progress.labels) })
        : progress.pages === 0
          ? progress.total === null
            ? t('openProgress.starting')
            : t('openProgress.startingOf', { total: n(progress.total) })
          : progress.total === null || progress.pagesTotal === null
            ? t('openProgress.pages', { page: n(progress.pages), labels: n(progress.labels) })
            : t('openProgress.pagesOf', { page: n(progress.pages), pages: n(progress.pagesTotal), labels: n(progress.labels), total: n(progress.total) });
  const total = progress?.total ?? null;
  return (
    <div className="open-progress" role="status" data-testid="open-progress" data-pages={progress?.pages ?? 0} data-labels={progress?.labels ?? 0}>
      <p>
        <strong>{name}</strong> · {words}
      </p>
      {total !== null && total > 0 ? (
        <progress max={total} value={progress?.labels ?? 0} aria-label={t('openProgress.bar', { name })} />
      ) : (
        <progress aria-label={t('openProgress.bar', { name })} />
      )}
      <p className="hint">{t('openProgress.keepWorking')}</p>
    </div>
  );
}
