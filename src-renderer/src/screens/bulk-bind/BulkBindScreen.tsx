import Papa from 'papaparse';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkBindPreflight } from '../../../../src-shared/ipc/bulk-bind';
import { ErrorNote } from '../../components/ErrorNote';
import { ReelPicker } from '../../components/ReelPicker';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { ActivationProgress, useBindStatus } from './ActivationProgress';
import { exportRows, labelTexts, sameTarget } from './bind-flow';
import { pairRows, threadIdsFromCsv, threadIdsFromText } from './thread-ids';

// Bulk-bind after printing: Reel and range, Threads by paste, CSV,
// scan or search, the service's preflight with every row's blockers and warnings, commit,
// activation progress, and the result as CSV.

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // Revoked a moment later: the download has to read the blob first.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function BulkBindScreen({ reelId, pick }: { reelId: string | undefined; pick: (reelId: string) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [activate, setActivate] = useState(true);
  const [query, setQuery] = useState('');
  const [searchFor, setSearchFor] = useState<string>();
  const reel = useCommandQuery('reels.show', { reelId: reelId ?? '' }, { enabled: reelId !== undefined });
  const localText = useMemo(() => labelTexts(reel.data?.labels), [reel.data]);
  const search = useCommandQuery('threads.search', { q: searchFor ?? '', pageSize: 20 }, { enabled: searchFor !== undefined });
  const preflight = useCommandMutation('bulkBind.preflight');
  const commit = useCommandMutation('bulkBind.commit', ['queue.list', 'reels.show']);
  const opId = commit.data?.opId;
  const bind = useBindStatus(opId);
  const status = bind.query;

  const parsed = useMemo(() => threadIdsFromText(text), [text]);
  const fromN = Number(from);
  const toN = /^\d+$/.test(to) ? Number(to) : fromN + parsed.ids.length - 1;
  const { pairs, missing, extra } = pairRows(fromN, toN, parsed.ids);
  const input =
    reelId && pairs.length > 0 && missing === 0 && extra === 0
      ? { reelId, fromPosition: fromN, toPosition: toN, threadIds: pairs.map((p) => p.threadId), activate }
      : undefined;
  // A preflight speaks only for the Reel, range and Threads it checked: any change needs a new one.
  const fresh = preflight.data !== undefined && sameTarget(preflight.variables, input);
  const stale = preflight.data !== undefined && !fresh;
  const result: BulkBindPreflight | undefined = fresh ? preflight.data : undefined;
  // The committed bind and its progress belong to the inputs it was made of.
  const committedHere = commit.data !== undefined && sameTarget(commit.variables, input);

  const issuesAt = (index: number) => [
    ...(result?.blockers.filter((b) => b.index === index).map((b) => ({ level: 'blocker' as const, kind: b.kind })) ?? []),
    ...(result?.warnings.filter((w) => w.index === index).map((w) => ({ level: 'warning' as const, kind: w.kind })) ?? []),
  ];
  const exportCsv = () =>
    download(`bulk-bind-${reelId ?? 'reel'}.csv`, Papa.unparse(exportRows(pairs, result, committedHere ? status.data : undefined, localText)));

  return (
    <section aria-labelledby="bulk-title" className="stack">
      <h2 id="bulk-title">{t('bulk.title')}</h2>
      <ReelPicker reelId={reelId} pick={pick} />
      <div className="form-grid">
        <label>
          {t('bulk.from')}
          <input inputMode="numeric" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t('bulk.to')}
          <input inputMode="numeric" value={to} placeholder={String(toN)} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          {t('bulk.threads')}
          <textarea
            rows={6}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            aria-describedby="bulk-threads-hint"
            data-takes-scans=""
          />
        </label>
        <p id="bulk-threads-hint" className="hint">
          {t('bulk.threadsHint')}
        </p>
        <label>
          {t('bulk.csv')}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void e.target.files?.[0]?.text().then((csv) => setText(threadIdsFromCsv(csv).ids.join('\n')))}
          />
        </label>
        <div className="toolbar" role="search">
          <label>
            {t('bulk.search')}
            <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} data-takes-scans="" />
          </label>
          <button type="button" onClick={() => setSearchFor(query)}>
            {t('bulk.searchRun')}
          </button>
        </div>
        {search.data ? (
          <ul aria-label={t('bulk.searchResults')}>
            {search.data.threads.map((th) => (
              <li key={th.threadId}>
                {th.name} <span className="mono hint">{th.threadId}</span>{' '}
                <button type="button" onClick={() => setText((s) => `${s.trim()}\n${th.threadId}`.trim())} aria-label={t('bulk.addThread', { name: th.name })}>
                  {t('bulk.add')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <label className="check">
          <input type="checkbox" checked={activate} onChange={(e) => setActivate(e.target.checked)} />
          {t('bulk.activate')}
        </label>
      </div>
      {parsed.rejected.length ? (
        <p role="alert" className="error-note">
          {t('bulk.rejected', { values: parsed.rejected.join(', ') })}
        </p>
      ) : null}
      {missing || extra ? <p role="status">{t('bulk.mismatch', { missing, extra })}</p> : null}
      <div className="toolbar">
        <button type="button" disabled={!input || preflight.isPending} onClick={() => input && preflight.mutate(input)}>
          {t('bulk.preflight')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={!input || !result || result.blockers.length > 0 || committedHere || commit.isPending}
          onClick={() => input && commit.mutate(input)}
        >
          {t('bulk.commit')}
        </button>
        <button type="button" disabled={pairs.length === 0} onClick={exportCsv}>
          {t('bulk.export')}
        </button>
      </div>
      <ErrorNote error={preflight.error ?? commit.error ?? search.error} />
      {stale ? (
        <p role="status" data-testid="bulk-stale">
          {t('bulk.stale')}
        </p>
      ) : null}
      {result ? (
        <p role="status" data-testid="bulk-summary">
          {result.blockers.length ? `✖ ${t('bulk.blockers', { count: result.blockers.length })}` : `✓ ${t('bulk.noBlockers')}`} · ⚠{' '}
          {t('bulk.warnings', { count: result.warnings.length })}
        </p>
      ) : null}
      {pairs.length ? (
        <table aria-label={t('bulk.pairing')}>
          <thead>
            <tr>
              <th scope="col">{t('bulk.position')}</th>
              <th scope="col">{t('bulk.thread')}</th>
              <th scope="col">{t('bulk.label')}</th>
              <th scope="col">{t('bulk.issues')}</th>
            </tr>
          </thead>
          <tbody>
            {pairs.map((p, n) => {
              const row = result?.rows[n];
              const issues = issuesAt(n);
              return (
                <tr key={p.position} className={issues.some((i) => i.level === 'blocker') ? 'row-blocked' : ''}>
                  <td>{p.position}</td>
                  <td>{row?.threadName ?? <span className="mono">{p.threadId}</span>}</td>
                  <td>
                    {row?.textValue ??
                      row?.labelName ??
                      localText.get(p.position) ??
                      (row?.compositeTagId ? <span className="mono">{row.compositeTagId.slice(0, 8)}…</span> : '–')}
                  </td>
                  <td>
                    {issues.map((i) => (
                      <span key={`${i.level}${i.kind}`} className={`tag ${i.level}`}>
                        {i.level === 'blocker' ? '✖' : '⚠'} {t(`bulk.kinds.${i.kind}`, { defaultValue: i.kind })} <code>{i.kind}</code>
                      </span>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {opId ? <ActivationProgress status={status.data} stalled={bind.stalled} error={status.error} refresh={bind.refresh} /> : null}
    </section>
  );
}
