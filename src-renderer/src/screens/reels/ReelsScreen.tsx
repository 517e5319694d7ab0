import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LABEL_STATES } from '../../../../src-shared/domain/label';
import { ErrorNote } from '../../components/ErrorNote';
import { NotAvailable, served } from '../../components/NotAvailable';
import { useCommandQuery } from '../../query/use-command';
import type { ScreenId } from '../../shell/screens';
import { Collections } from './Collections';
import { CreateReel } from './CreateReel';
import { ImportPrintData } from './ImportPrintData';

// Reels (BENCH.md, workflow 2): list with search and a collection filter, create with the
// expected composition, Label Collections, print-data import.

export function ReelsScreen({ open }: { open: (reelId: string, screen: ScreenId) => void }) {
  const { t } = useTranslation();
  const reels = useCommandQuery('reels.list', {});
  const collections = useCommandQuery('collections.list', {});
  const [search, setSearch] = useState('');
  const [collection, setCollection] = useState('');
  const [importFor, setImportFor] = useState<string>();

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (reels.data?.reels ?? []).filter(
      (r) => (!q || r.name.toLowerCase().includes(q) || (r.description ?? '').toLowerCase().includes(q)) && (!collection || r.collectionId === collection),
    );
  }, [reels.data, search, collection]);

  return (
    <section aria-labelledby="reels-title" className="stack">
      <h2 id="reels-title">{t('reels.title')}</h2>
      {!served('reels.list') ? <NotAvailable command="reels.list" /> : null}
      <div className="toolbar" role="search">
        <label>
          {t('reels.search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          {t('reels.collection')}
          <select value={collection} onChange={(e) => setCollection(e.target.value)}>
            <option value="">{t('reels.allCollections')}</option>
            {collections.data?.collections.map((c) => (
              <option key={c.collectionId} value={c.collectionId}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorNote error={reels.error} />
      <table aria-label={t('reels.tableLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('reels.name')}</th>
            <th scope="col">{t('reels.composition')}</th>
            <th scope="col">{t('reels.labels')}</th>
            <th scope="col">{t('reels.synced')}</th>
            <th scope="col">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.reelId}>
              <th scope="row">
                {r.name}
                {r.description ? <div className="hint">{r.description}</div> : null}
              </th>
              <td>{r.expectedIdentifiers.map((e) => `${e.count}× ${e.tagType}`).join(', ')}</td>
              <td>
                {LABEL_STATES.filter((s) => (r.labelCounts[s] ?? 0) > 0)
                  .map((s) => `${t(`states.${s}`)} ${r.labelCounts[s]}`)
                  .join(' · ') || '0'}
              </td>
              <td>{r.serviceId ? `✓ ${t('reels.onService')}` : `… ${t('reels.localOnly')}`}</td>
              <td className="actions">
                <button type="button" onClick={() => open(r.reelId, 'bench')} aria-label={t('reels.enrollIn', { name: r.name })}>{t('nav.bench')}</button>
                <button type="button" onClick={() => open(r.reelId, 'reelMap')} aria-label={t('reels.mapOf', { name: r.name })}>{t('nav.reelMap')}</button>
                <button type="button" onClick={() => setImportFor(r.reelId)} aria-label={t('reels.importFor', { name: r.name })}>{t('reels.import')}</button>
              </td>
            </tr>
          ))}
          {shown.length === 0 ? (
            <tr>
              <td colSpan={5}>{t('reels.none')}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <p className="hint">{t('reels.transferredFilterGap')}</p>
      {importFor ? <ImportPrintData reelId={importFor} reelName={reels.data?.reels.find((r) => r.reelId === importFor)?.name ?? ''} close={() => setImportFor(undefined)} /> : null}
      <CreateReel collections={collections.data?.collections ?? []} created={(id) => setImportFor(id)} />
      <Collections />
    </section>
  );
}
