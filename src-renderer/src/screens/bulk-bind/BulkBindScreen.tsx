import Papa from 'papaparse';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkBindPreflight } from '../../../../src-shared/ipc/bulk-bind';
import { DataTable } from '../../components/DataTable';
import { downloadText, type SavedFile } from '../../components/download';
import { ErrorNote } from '../../components/ErrorNote';
import { FileChooser } from '../../components/FileChooser';
import { ReelPicker } from '../../components/ReelPicker';
import { SavedNote } from '../../components/SavedNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { ActivationProgress, useBindStatus } from './ActivationProgress';
import { exportRows, labelTexts, sameTarget } from './bind-flow';
import { pairRows, threadIdsFromCsv, threadIdsFromText } from './thread-ids';
import { reelRead } from '../../query/reel-read';

// Bulk-bind after printing: Reel and range, Threads by paste, CSV,
// scan or search by name, the service's preflight with every row's blockers and warnings, commit
// (activation chosen by the user, nothing pre-selected), activation progress, and the result as CSV.

/** Typing in the Thread search settles this long before the service is asked (threads.search, the list's `q`). */
const SEARCH_SETTLE_MS = 300;

export function BulkBindScreen({ reelId, pick }: { reelId: string | undefined; pick: (reelId: string) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  // Whether the bound Labels are activated: the user's choice, asked before Commit (no default to overlook).
  const [activate, setActivate] = useState<boolean>();
  const [query, setQuery] = useState('');
  const [searchFor, setSearchFor] = useState<string>();
  // The names of Threads added from the search, so the pairing names them before any preflight.
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const q = query.trim();
    if (q === '') return undefined;
    const timer = setTimeout(() => setSearchFor(q), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearchFor(query.trim());
  };
  // Read again on each change of its Labels, only what changed (query/reel-read.ts; docs/sync.md, "Only what changed reaches a screen").
  const reel = useCommandQuery('reels.show', { reelId: reelId ?? '' }, { enabled: reelId !== undefined, read: reelRead({ reelId: reelId ?? '' }) });
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
  const { pairs: paired, missing, extra } = pairRows(fromN, toN, parsed.ids);
  const pairs = paired.map((p, index) => ({ ...p, index }));
  const input =
    reelId && pairs.length > 0 && missing === 0 && extra === 0
      ? { reelId, fromPosition: fromN, toPosition: toN, threadIds: pairs.map((p) => p.threadId), activate: activate ?? false }
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
  const [exported, setExported] = useState<SavedFile>();
  const exportCsv = () =>
    setExported(
      downloadText(
        `bulk-bind-${reelId ?? 'reel'}.csv`,
        'text/csv',
        Papa.unparse(exportRows(pairs, result, committedHere ? status.data : undefined, localText)),
        t('bulk.exportHolds', { count: pairs.length, first: pairs[0]?.position, last: pairs.at(-1)?.position }),
      ),
    );

  return (
    <section aria-labelledby="bulk-title" className="stack">
      <h2 id="bulk-title">{t('bulk.title')}</h2>
      <p className="hint" data-testid="bulk-thread-is">
        {t('bulk.threadIs')}
      </p>
      <ReelPicker reelId={reelId} pick={pick} />
      <div className="form-grid">
        <label>
          {t('bulk.from')}
          <input inputMode="numeric" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t('bulk.to')}
          <input inputMode="numeric" value={to} placeholder={parsed.ids.length > 0 ? String(toN) : undefined} onChange={(e) => setTo(e.target.value)} />
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
        <FileChooser
          label={t('bulk.csv')}
          accept=".csv,text/csv"
          onText={(csv, file) => setText(threadIdsFromCsv(csv, file.reading.separator).ids.join('\n'))}
        />
        <form className="toolbar thread-search" role="search" onSubmit={submitSearch}>
          <label>
            {t('bulk.search')}
            <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby="bulk-search-hint" />
          </label>
          <button type="submit">{t('bulk.searchRun')}</button>
          <p id="bulk-search-hint" className="hint">
            {t('bulk.searchHint')}
          </p>
        </form>
        {search.data && searchFor !== undefined ? (
          <div className="search-results">
            <DataTable
              label={t('bulk.searchResults')}
              compact
              rows={search.data.threads}
              rowKey={(th) => th.threadId}
              empty={t('bulk.searchNone', { q: searchFor })}
              columns={[
                { key: 'name', header: t('bulk.threadName'), cell: (th) => th.name },
                { key: 'description', header: t('bulk.threadDescription'), cell: (th) => th.description ?? '' },
                {
                  key: 'add',
                  header: t('common.actions'),
                  className: 'actions',
                  cell: (th) => (
                    <button
                      type="button"
                      onClick={() => {
                        setNames((m) => new Map(m).set(th.threadId, th.name));
                        setText((s) => `${s.trim()}\n${th.threadId}`.trim());
                      }}
                      aria-label={t('bulk.addThread', { name: th.name })}
                    >
                      {t('bulk.add')}
                    </button>
                  ),
                },
              ]}
            />
          </div>
        ) : null}
        <fieldset className="choice" data-testid="bulk-activate">
          <legend>{t('bulk.activateLegend')}</legend>
          <label className="check">
            <input type="radio" name="bulk-activate" checked={activate === true} onChange={() => setActivate(true)} />
            {t('bulk.activateNow')}
          </label>
          <label className="check">
            <input type="radio" name="bulk-activate" checked={activate === false} onChange={() => setActivate(false)} />
            {t('bulk.activateLater')}
          </label>
        </fieldset>
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
          disabled={!input || !result || result.blockers.length > 0 || activate === undefined || committedHere || commit.isPending}
          aria-describedby={activate === undefined ? 'bulk-choose-activation' : undefined}
          onClick={() => input && commit.mutate(input)}
        >
          {t('bulk.commit')}
        </button>
        <button type="button" disabled={pairs.length === 0} onClick={exportCsv}>
          {t('bulk.export')}
        </button>
      </div>
      {result && activate === undefined ? (
        <p id="bulk-choose-activation" role="status" data-testid="bulk-choose-activation">
          {t('bulk.chooseActivation')}
        </p>
      ) : null}
      <SavedNote saved={exported} />
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
        <DataTable
          label={t('bulk.pairing')}
          rows={pairs}
          rowKey={(p) => p.position}
          rowClassName={(p) => (issuesAt(p.index).some((i) => i.level === 'blocker') ? 'row-blocked' : undefined)}
          columns={[
            { key: 'position', header: t('bulk.position'), numeric: true, cell: (p) => p.position },
            {
              key: 'thread',
              header: t('bulk.thread'),
              cell: (p) => result?.rows[p.index]?.threadName ?? names.get(p.threadId) ?? <span className="mono">{p.threadId}</span>,
            },
            {
              key: 'label',
              header: t('bulk.label'),
              cell: (p) => {
                const row = result?.rows[p.index];
                return (
                  row?.textValue ??
                  row?.labelName ??
                  localText.get(p.position) ??
                  (row?.compositeTagId ? <span className="mono">{row.compositeTagId.slice(0, 8)}…</span> : '–')
                );
              },
            },
            {
              key: 'issues',
              header: t('bulk.issues'),
              cell: (p) =>
                issuesAt(p.index).map((i) => (
                  <span key={`${i.level}${i.kind}`} className={`tag ${i.level}`}>
                    {i.level === 'blocker' ? '✖' : '⚠'} {t(`bulk.kinds.${i.kind}`, { defaultValue: i.kind })} <code>{i.kind}</code>
                  </span>
                )),
            },
          ]}
        />
      ) : null}
      {opId ? <ActivationProgress status={status.data} stalled={bind.stalled} error={status.error} refresh={bind.refresh} /> : null}
    </section>
  );
}
