import { DataTable } from '../../components/DataTable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { OperationState, QueueCounts, QueueItem, SyncPauseKind } from '../../../../src-shared/ipc';
import type { QueueNotice } from '../../../../src-shared/ipc/queue';
import { OPERATION_STATES } from '../../../../src-shared/ipc/queue';
import { Details } from '../../components/Details';
import { ErrorNote, attentionError } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { PAUSED_MARK, RUNNING_MARK, syncPausedWords } from '../../components/sync-pause';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { station } from '../../station-client';
import { useStationStatus } from '../../use-status';
import { RecapturePanel } from '../../components/RecapturePanel';
import { CollisionActions, CollisionComparison, isCollision } from './Collision';
import { askToConfirm } from '../../components/ConfirmDialog';

// The queue of changes waiting for the service: nothing is dropped silently; every attention item shows its reason in words, its code and the request id.

const STATE_MARK: Record<OperationState, string> = { pending: '…', sending: '↑', done: '✓', attention: '!', discarded: '✗' };

/** A refused capture (an attention item offering `recapture`, src-main/sync/classify.ts) is fixed by capturing the Label again. */
function canRecapture(item: QueueItem): boolean {
  return item.kind === 'enrollLabel' && item.state === 'attention' && (item.attention?.actions.includes('recapture') ?? false);
}

/**
 * What an operation sends, in words (docs/sync.md, "What the operator sees"): "Enroll Label at position 7 of Reel
 * “Shared reel 7”", never its request's method and path (those are under Details).
 */
function whatIsSent(item: QueueItem, t: TFunction): string {
  const unknown = t('queue.unknownName');
  return t(`queue.what.${item.kind}`, {
    reel: item.place.reelName ?? unknown,
    collection: item.place.collectionName ?? unknown,
    position: item.place.position ?? '?',
    toPosition: item.place.toPosition ?? '?',
  });
}

export function QueueScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [filter, setFilter] = useState<OperationState | ''>('');
  // What the list shows: QUEUE_PAGE more each time the operator asks (a new filter starts again).
  const [shown, setShown] = useState(QUEUE_PAGE);
  const choose = (state: OperationState | '') => {
    setFilter(state);
    setShown(QUEUE_PAGE);
  };
  const list = useCommandQuery('queue.list', filter ? { state: filter, limit: shown } : { limit: shown }, { keep: true });
  const retry = useCommandMutation('queue.retry', ['queue.list']);
  const discard = useCommandMutation('queue.discard', ['queue.list']);
  const reposition = useCommandMutation('queue.reposition', ['queue.list', 'reels.show']);
  /** The attention item whose Label is being recaptured (its subject is the Label's local id). */
  const [recapturing, setRecapturing] = useState<QueueItem>();
  const [recaptured, setRecaptured] = useState<number>();
  /** The last collision settled here, said in words until the next one. */
  const [settled, setSettled] = useState<{ position: number; archived: boolean; setAside: string | null; movedTo: number | null }>();
  const repositionOf = (item: QueueItem) => (
    <Reposition seq={item.seq} busy={reposition.isPending} send={(target) => reposition.mutate({ opId: item.opId, ...target })} />
  );

  return (
    <section aria-labelledby="queue-title" className="stack">
      <h2 id="queue-title">{t('queue.title')}</h2>
      <QueueHead listed={list.data?.counts} filter={filter} setFilter={choose} />
      <ErrorNote error={list.error ?? retry.error ?? discard.error ?? reposition.error} />
      {recaptured !== undefined ? (
        <p role="status" className="ok-note" data-testid="queue-recaptured">
          ✓ {t('recapture.savedOperation', { seq: recaptured })}
        </p>
      ) : null}
      {settled ? (
        <p role="status" className="ok-note" data-testid="queue-settled">
          ✓{' '}
          {settled.movedTo !== null
            ? t('queue.collision.settledMove', { position: settled.position, to: settled.movedTo })
            : settled.archived
              ? t('queue.collision.settledArchive', { position: settled.position, setAside: settled.setAside ?? '' })
              : t('queue.collision.settledDiscard', { position: settled.position })}
        </p>
      ) : null}
      <Notices notices={list.data?.notices ?? []} />
      {recapturing ? (
        <div id="queue-recapture">
          <RecapturePanel
            key={recapturing.opId}
            labelId={recapturing.subject}
            title={t('recapture.titleOperation', { seq: recapturing.seq })}
            onCancel={() => setRecapturing(undefined)}
            onDone={() => {
              setRecaptured(recapturing.seq);
              setRecapturing(undefined);
            }}
          />
        </div>
      ) : null}
      <DataTable
        label={t('queue.items')}
        compact
        className="queue-table"
        rows={list.data?.items}
        rowKey={(item) => item.opId}
        rowClassName={(item) => `op-${item.state}`}
        columns={[
          { key: 'seq', header: '#', headerLabel: t('queue.number'), numeric: true, cell: (item) => item.seq },
          { key: 'kind', header: t('queue.kind'), className: 'what', cell: (item) => <span data-testid="queue-what">{whatIsSent(item, t)}</span> },
          {
            key: 'state',
            header: t('queue.state'),
            cell: (item) => (
              <>
                <span aria-hidden="true">{STATE_MARK[item.state]} </span>
                {t(`queue.states.${item.state}`)}
                {item.outcomeUnknown ? <span className="hint"> {t('queue.outcomeUnknown')}</span> : null}
              </>
            ),
          },
          {
            key: 'reason',
            header: t('queue.reason'),
            cell: (item) => (
              <>
                {item.attention ? <ErrorNote error={attentionError(item.attention)} live={false} testId="attention" /> : null}
                {item.attention && isCollision(item) ? <CollisionComparison item={item} /> : null}
                <Details label={t('queue.sendingDetails')} lazy>
                  <div className="raw" data-testid="queue-raw">
                    <div>
                      {t('queue.operationDetail', { seq: item.seq, kind: t(`queue.kinds.${item.kind}`) })} <code>{item.opId}</code>
                    </div>
                    {item.attempts.length > 0 ? (
                      <ol aria-label={t('queue.attemptsDetail')}>
                        {item.attempts.map((a, n) => (
                          <li key={n} data-testid="queue-attempt">
                            <time dateTime={a.at} title={a.at}>
                              {format.date(a.at)} {format.time(a.at)}
                            </time>
                            {a.method && a.path ? ` ${a.method} ${a.path}` : ''}
                            {a.message ? ` — ${a.message}` : ''}
                            {a.code ? ` · ${a.code}` : ''}
                            {a.status !== null ? ` · HTTP ${a.status}` : a.method ? ` · ${t('queue.noAnswer')}` : ''}
                            {a.requestId ? ` · ${t('common.requestId', { requestId: a.requestId })}` : ''}
                            {a.durationMs !== null ? ` · ${a.durationMs} ms` : ''}
                          </li>
                        ))}
                      </ol>
                    ) : null}
                  </div>
                </Details>
              </>
            ),
          },
          { key: 'attempts', header: t('queue.attempts'), numeric: true, cell: (item) => format.number(item.attemptCount) },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'actions',
            cell: (item) => (
              <>
                {item.state === 'attention' ? (
                  <>
                    {canRecapture(item) ? (
                      <button
                        type="button"
                        aria-expanded={recapturing?.opId === item.opId}
                        aria-controls={recapturing?.opId === item.opId ? 'queue-recapture' : undefined}
                        onClick={() => {
                          setRecaptured(undefined);
                          setRecapturing(item);
                        }}
                        aria-label={t('recapture.openOperation', { seq: item.seq })}
                      >
                        {t('recapture.open')}
                      </button>
                    ) : null}
                    {isCollision(item) ? (
                      <CollisionActions
                        item={item}
                        onSettled={(c, setAside, movedTo) => setSettled({ position: c.position, archived: c.offer === 'archiveTheirs', setAside, movedTo })}
                        reposition={repositionOf(item)}
                      />
                    ) : item.attention?.actions.includes('reposition') ? (
                      repositionOf(item)
                    ) : null}
                    <button type="button" onClick={() => retry.mutate({ opId: item.opId })} aria-label={t('queue.retryItem', { seq: item.seq })}>
                      {t('queue.retry')}
                    </button>
                    <button
                      type="button"
                      onClick={async () => {
                        const message = t('queue.confirmDiscard', { seq: item.seq, kind: whatIsSent(item, t) });
                        if (await askToConfirm({ message, confirm: t('queue.discard'), danger: true })) discard.mutate({ opId: item.opId, confirm: true });
                      }}
                      aria-label={t('queue.discardItem', { seq: item.seq })}
                    >
                      {t('queue.discard')}
                    </button>
                  </>
                ) : null}
              </>
            ),
          },
        ]}
      />
      <MoreRows filter={filter} listed={list.data} onMore={() => setShown((n) => Math.min(n + QUEUE_PAGE, QUEUE_MOST))} />
    </section>
  );
}

/**
 * How many operations a read of the list shows, and how many more each "Show more" adds (docs/sync.md, "What the
 * operator sees"): the counts say the whole queue; the rows drawn are what a person reads, and a draining queue's list
 * is read again every 2 s, each read drawn whole (500 rows drawn so slowed a drain of 10,000 to 0.84 of no page open).
 */
const QUEUE_PAGE = 100;
/** The contract's largest `limit` (src-shared/ipc/queue.ts). */
const QUEUE_MOST = 10_000;

/** "Showing 100 of 10,000." and the button for more, under a list cut short. */
function MoreRows({
  filter,
  listed,
  onMore,
}: {
  filter: OperationState | '';
  listed: { items: readonly QueueItem[]; counts: QueueCounts } | undefined;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  if (!listed) return null;
  const total = filter ? listed.counts[filter] : OPERATION_STATES.reduce((sum, s) => sum + listed.counts[s], 0);
  const shown = listed.items.length;
  if (shown >= total || shown >= QUEUE_MOST) return null;
  return (
    <div className="toolbar" data-testid="queue-more">
      <span>
        {t('queue.shownOf', { shown, total })} {filter ? null : t('queue.order')}
      </span>
      <button type="button" onClick={onMore}>
        {t('queue.showMore', { count: Math.min(QUEUE_PAGE, total - shown) })}
      </button>
    </div>
  );
}

/**
 * The queue's counts, progress and sending controls, live from `queue.progress` (ten times a second while a queue
 * drains): a component of their own, so each count that moves draws these lines, not the list of operations below
 * (docs/architecture.md, "Events": the UI never slows sending).
 */
function QueueHead({
  listed,
  filter,
  setFilter,
}: {
  /** The counts of the list's last read, until the first progress event. */
  listed: QueueCounts | undefined;
  filter: OperationState | '';
  setFilter: (state: OperationState | '') => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const run = useCommandMutation('sync.run', ['queue.list']);
  const pause = useCommandMutation('sync.pause');
  const resume = useCommandMutation('sync.resume');
  const [live, setLive] = useState<{ counts: QueueCounts; paused: boolean; pauseKind: SyncPauseKind | null }>();
  useEffect(() => station.on('queue.progress', (p) => setLive({ counts: p.counts, paused: p.paused, pauseKind: p.pauseKind })), []);
  const { status } = useStationStatus();
  const counts = live?.counts ?? listed;
  // A pause outlives restarts (a refused key stays paused), so the first render takes it from the status.
  const paused = live?.paused ?? status?.sync.paused ?? false;
  const pauseKind = live ? live.pauseKind : (status?.sync.pauseKind ?? null);
  const otherSender = status?.sync.otherSender ?? false;
  const otherSenderPid = status?.sync.otherSenderPid ?? null;
  // What waits is said as it is (docs/sync.md, "What the operator sees"): an item in attention is not settled, it needs
  // a person.
  const total = counts ? counts.pending + counts.sending + counts.done + counts.attention : 0;
  const finished = counts ? counts.done : 0;
  const needsYou = counts?.attention ?? 0;
  return (
    <>
      {counts ? (
        <>
          <ul className="counts" aria-label={t('queue.counts')}>
            {OPERATION_STATES.map((s) => (
              <li key={s} className={`count state-op-${s}${counts[s] > 0 ? ' has-items' : ''}`} data-testid={`queue-count-${s}`}>
                <span aria-hidden="true">{STATE_MARK[s]} </span>
                {t(`queue.states.${s}`)} <strong>{format.number(counts[s])}</strong>
              </li>
            ))}
          </ul>
          <label className="progress">
            <span data-testid="queue-progress">
              {t('queue.progress', { settled: finished, total })}
              {needsYou > 0 ? (
                <>
                  {' · '}
                  <strong className="needs-you" data-testid="queue-needs-you">
                    {t('queue.needsYou', { count: needsYou })}
                  </strong>
                </>
              ) : null}
            </span>
            <progress max={Math.max(total, 1)} value={finished} aria-label={t('queue.progressLabel')} />
          </label>
        </>
      ) : null}
      <div className="toolbar">
        <button type="button" className="primary" disabled={run.isPending} onClick={() => run.mutate({})}>
          {t('queue.syncNow')}
        </button>
        {paused ? (
          <button type="button" onClick={() => resume.mutate({})}>
            {t('queue.resume')}
          </button>
        ) : (
          <button type="button" onClick={() => pause.mutate({})}>
            {t('queue.pause')}
          </button>
        )}
        <span role="status">{paused ? `${PAUSED_MARK} ${syncPausedWords(t, pauseKind)}` : `${RUNNING_MARK} ${t('queue.running')}`}</span>
        {otherSender ? (
          <span role="note" data-testid="queue-other-sender">
            {otherSenderPid !== null ? t('queue.otherSender', { pid: otherSenderPid }) : t('queue.otherSenderNoPid')}
          </span>
        ) : null}
        <label>
          {t('queue.filter')}
          <select value={filter} onChange={(e) => setFilter(e.target.value as OperationState | '')}>
            <option value="">{t('queue.all')}</option>
            {OPERATION_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`queue.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorNote error={run.error ?? pause.error ?? resume.error} />
    </>
  );
}

/**
 * Re-places the Label of an enrollment whose position another bench or app holds on the service (docs/sync.md,
 * "Benches sharing a Reel"): at the next free position, or at one the shift lead types.
 */
function Reposition({ seq, busy, send }: { seq: number; busy: boolean; send: (target: { nextFree: true } | { position: number }) => void }) {
  const { t } = useTranslation();
  const [position, setPosition] = useState('');
  const n = Number(position);
  const valid = position.trim() !== '' && Number.isInteger(n) && n > 0;
  return (
    <span className="reposition">
      <button type="button" disabled={busy} onClick={() => send({ nextFree: true })} aria-label={t('queue.repositionNextItem', { seq })}>
        {t('queue.repositionNext')}
      </button>
      <input
        type="number"
        min={1}
        inputMode="numeric"
        value={position}
        onChange={(e) => setPosition(e.target.value)}
        aria-label={t('queue.repositionAtItem', { seq })}
        placeholder={t('queue.position')}
        style={{ width: '6em' }}
      />
      <button type="button" disabled={busy || !valid} onClick={() => send({ position: n })} aria-label={t('queue.repositionHereItem', { seq })}>
        {t('queue.repositionHere')}
      </button>
    </span>
  );
}

/**
 * What other benches did to this bench's Labels, learnt when the Reel was read again (docs/sync.md, "Every bench
 * knows"): a Label taken to the position its values were printed for, or set aside.
 */
function Notices({ notices }: { notices: readonly QueueNotice[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const seen = useCommandMutation('queue.noticesSeen', ['queue.list']);
  if (notices.length === 0) return null;
  return (
    <section className="queue-notices" aria-labelledby="queue-notices-title" data-testid="queue-notices">
      <h3 id="queue-notices-title">{t('queue.notices.title')}</h3>
      <ul>
        {notices.map((n) => {
          const words = { position: n.position, reel: n.reelName, to: n.to, printedFor: n.printedFor };
          const key = n.to !== null ? (n.printedFor !== null ? 'moved' : 'movedNoPrint') : n.printedFor !== null ? 'setAsidePrinted' : 'setAside';
          return (
            <li key={`${n.labelId}-${n.at}`} data-testid="queue-notice" data-position={n.position}>
              <span aria-hidden="true">⚠ </span>
              {t(`queue.notices.${key}`, words)}{' '}
              <span className="hint">
                {n.values.length > 0 ? `${t('queue.notices.values', { values: n.values.map((v) => `${v.tagType} ${v.value}`).join(', ') })} · ` : ''}
                <time dateTime={n.at} title={n.at}>
                  {format.date(n.at)} {format.time(n.at)}
                </time>
              </span>
            </li>
          );
        })}
      </ul>
      <button type="button" disabled={seen.isPending} onClick={() => seen.mutate({})} data-testid="queue-notices-seen">
        {t('queue.notices.seen')}
      </button>
      <ErrorNote error={seen.error} />
    </section>
  );
}
