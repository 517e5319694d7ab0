import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferredFilter } from '../../../../src-shared/api/labels';
import { LABEL_STATES } from '../../../../src-shared/domain/label-states';
import type { ReelListInput } from '../../../../src-shared/ipc';
import { DataTable } from '../../components/DataTable';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import type { ScreenId } from '../../shell/screens';
import { Collections } from './Collections';
import { CreateReel } from './CreateReel';
import { ImportPrintData } from './ImportPrintData';
import { OpenFromService } from './OpenFromService';
import { PrepareRun } from './PrepareRun';
import { ReelNfcSettings } from './ReelNfcSettings';
import { ReelSetUpMenu } from './ReelSetUpMenu';

// Reels: list with search and the collection and transferred (shipped)
// filters, filing a Reel into a Label Collection, create with the expected composition, Label
// Collections, print-data import. The filters go to the station (reels.list): whether a Reel was
// shipped only the service knows, so the station asks it when online.

/** The collection filter's value for "not in a collection" (never a local id: those are UUIDs). */
const UNFILED = ':unfiled';
const SEARCH_SETTLE_MS = 250;

export function ReelsScreen({ open }: { open: (reelId: string, screen: ScreenId) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [collection, setCollection] = useState('');
  const [transferred, setTransferred] = useState<TransferredFilter>('any');
  // Typing settles before the list is asked again.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const filters: ReelListInput = {
    ...(query ? { q: query } : {}),
    ...(collection === UNFILED ? { unfiled: true } : collection ? { collectionId: collection } : {}),
    ...(transferred !== 'any' ? { transferred } : {}),
  };
  const reels = useCommandQuery('reels.list', filters);
  const collections = useCommandQuery('collections.list', {});
  const file = useCommandMutation('reels.update', ['reels.list', 'reels.show']);
  const [importFor, setImportFor] = useState<string>();
  const [runFor, setRunFor] = useState<{ reelId: string; name: string }>();
  const [nfcFor, setNfcFor] = useState<{ reelId: string; name: string }>();
  const shown = reels.data?.reels ?? [];
  const [importName, setImportName] = useState('');

  return (
    <section aria-labelledby="reels-title" className="stack">
      <h2 id="reels-title">{t('reels.title')}</h2>
      <div className="toolbar" role="search">
        <label>
          {t('reels.search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          {t('reels.collection')}
          <select value={collection} onChange={(e) => setCollection(e.target.value)}>
            <option value="">{t('reels.allCollections')}</option>
            <option value={UNFILED}>{t('reels.unfiled')}</option>
            {collections.data?.collections.map((c) => (
              <option key={c.collectionId} value={c.collectionId}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('reels.transferred')}
          <select value={transferred} onChange={(e) => setTransferred(e.target.value as TransferredFilter)}>
            <option value="any">{t('reels.transferredAny')}</option>
            <option value="hide">{t('reels.transferredHide')}</option>
            <option value="only">{t('reels.transferredOnly')}</option>
          </select>
        </label>
      </div>
      {transferred !== 'any' && reels.data?.transferredFrom === 'local' ? (
        <p className="hint" role="note" data-testid="reels-transferred-local">
          {t('reels.transferredLocal')}
        </p>
      ) : null}
      <ErrorNote error={reels.error ?? file.error} />
      <DataTable
        label={t('reels.tableLabel')}
        compact
        className="reels-table"
        rows={reels.data ? shown : undefined}
        rowKey={(r) => r.reelId}
        empty={filters.q || filters.collectionId || filters.unfiled || filters.transferred ? t('reels.noneMatch') : t('reels.none')}
        columns={[
          {
            key: 'name',
            header: t('reels.name'),
            rowHeader: true,
            className: 'one-line',
            // One line per Reel: the description follows the name and is cut to fit; the whole of both is the tooltip.
            title: (r) => (r.description ? `${r.name}: ${r.description}` : r.name),
            cell: (r) => (
              <>
                {r.name}
                {r.description ? <span className="hint"> · {r.description}</span> : null}
              </>
            ),
          },
          {
            key: 'composition',
            header: t('reels.composition'),
            className: 'pieces',
            // Each kind is one piece that never breaks; at 1366 the pieces may take a second line so the name keeps its
            // width (styles.css, reels-table).
            cell: (r) =>
              r.expectedIdentifiers.map((e, i) => (
                <Fragment key={e.tagType}>
                  {i > 0 ? ' ' : null}
                  <span>{i < r.expectedIdentifiers.length - 1 ? `${e.count}× ${e.tagType},` : `${e.count}× ${e.tagType}`}</span>
                </Fragment>
              )),
          },
          {
            key: 'labels',
            header: t('reels.labels'),
            className: 'pieces',
            // Each state's count is one piece that never breaks; at 1366 the pieces of a Reel with Labels in several
            // states may take a second line rather than push the row past the window (styles.css, reels-table).
            cell: (r) => {
              const counts = LABEL_STATES.filter((s) => (r.labelCounts[s] ?? 0) > 0).map((s) => `${t(`states.${s}`)} ${format.number(r.labelCounts[s] ?? 0)}`);
              if (counts.length === 0) return '0';
              return counts.map((count, i) => (
                <Fragment key={count}>
                  {i > 0 ? ' ' : null}
                  <span>{i < counts.length - 1 ? `${count} ·` : count}</span>
                </Fragment>
              ));
            },
          },
          {
            key: 'collection',
            header: t('reels.collection'),
            // Filing (or unfiling) is queued like any change; the list shows it at once.
            cell: (r) => (
              <select
                aria-label={t('reels.fileIn', { name: r.name })}
                value={r.collectionId ?? ''}
                disabled={file.isPending}
                onChange={(e) => file.mutate({ reelId: r.reelId, collectionId: e.target.value || null })}
              >
                <option value="">{t('reels.noCollection')}</option>
                {collections.data?.collections.map((c) => (
                  <option key={c.collectionId} value={c.collectionId}>
                    {c.name}
                  </option>
                ))}
              </select>
            ),
          },
          { key: 'synced', header: t('reels.synced'), cell: (r) => (r.serviceId ? `✓ ${t('reels.onService')}` : `… ${t('reels.localOnly')}`) },
          {
            key: 'transferred',
            header: t('reels.transferred'),
            cell: (r) => (
              <span data-testid="reel-transferred">
                {r.transferredAt ? `⇢ ${t('reels.shippedAt', { date: format.date(r.transferredAt) })}` : t('reels.notShipped')}
              </span>
            ),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'actions',
            cell: (r) => (
              <>
                <button type="button" onClick={() => open(r.reelId, 'bench')} aria-label={t('reels.enrollIn', { name: r.name })}>
                  {t('reels.enroll')}
                </button>
                <button type="button" onClick={() => open(r.reelId, 'reelMap')} aria-label={t('reels.mapOf', { name: r.name })}>
                  {t('nav.reelMap')}
                </button>
                <ReelSetUpMenu
                  reel={r}
                  importData={() => {
                    setImportFor(r.reelId);
                    setImportName(r.name);
                  }}
                  prepareRun={() => setRunFor({ reelId: r.reelId, name: r.name })}
                  nfcChips={() => setNfcFor({ reelId: r.reelId, name: r.name })}
                />
              </>
            ),
          },
        ]}
      />
      {runFor ? <PrepareRun key={runFor.reelId} reelId={runFor.reelId} reelName={runFor.name} close={() => setRunFor(undefined)} /> : null}
      {nfcFor ? <ReelNfcSettings key={nfcFor.reelId} reelId={nfcFor.reelId} reelName={nfcFor.name} close={() => setNfcFor(undefined)} /> : null}
      {importFor ? <ImportPrintData key={importFor} reelId={importFor} reelName={importName} close={() => setImportFor(undefined)} /> : null}
      <OpenFromService open={open} />
      <CreateReel
        collections={collections.data?.collections ?? []}
        created={(id, name) => {
          setImportFor(id);
          setImportName(name);
        }}
      />
      <Collections />
    </section>
  );
}
