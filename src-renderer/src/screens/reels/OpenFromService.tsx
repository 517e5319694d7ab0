import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { ErrorNote } from '../../components/ErrorNote';
import { FileChooser } from '../../components/FileChooser';
import { useFormat } from '../../components/format';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import type { ScreenId } from '../../shell/screens';

// Open a Reel from the service (docs/sync.md, "Benches sharing a Reel"): the Reels of the active Team on the service,
// searched by name, each with its Label count; opening one makes its settings and every Label on it known here. The
// service has no place for print data: the print run's CSV (the import's format, the same chooser) goes with the
// opening, so this bench checks every value against it (docs/sync.md, "Print data on every bench").

export function OpenFromService({ open }: { open: (reelId: string, screen: ScreenId) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState<string>();
  const [printData, setPrintData] = useState<string>();
  const found = useCommandQuery('reels.find', asked ? { q: asked } : {}, { enabled: asked !== undefined });
  const openReel = useCommandMutation('reels.open', ['reels.list', 'reels.show']);
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
      <ErrorNote error={found.error ?? openReel.error} />
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
                  disabled={openReel.isPending}
                  aria-label={t('openReel.openNamed', { name: r.name })}
                  onClick={() =>
                    openReel.mutate(
                      { serviceId: r.serviceId, ...(printData !== undefined ? { printData: { csv: printData } } : {}) },
                      { onSuccess: (out) => open(out.reelId, 'reelMap') },
                    )
                  }
                >
                  {r.reelId ? t('openReel.openAgain') : t('openReel.open')}
                </button>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
