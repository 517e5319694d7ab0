import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { QueueItem } from '../../../../src-shared/ipc';
import type { CollisionShape } from '../../../../src-shared/ipc/queue';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

// A collision on the Queue screen (docs/sync.md, "Settling a collision"): an enrollment another bench or app beat to its
// position. Both Labels are compared with the print data this station holds for the position, and the comparison's
// offer (archive theirs and send ours, or discard ours) is made with a confirmation naming the Labels and their values.

/** An attention item the service refused because another bench or app holds its position. */
export function isCollision(item: QueueItem): boolean {
  return item.kind === 'enrollLabel' && item.state === 'attention' && item.attention?.code === 'STATION_POSITION_TAKEN';
}

/** The comparison, read from the service once per item (and again after a settle). */
function useCollision(item: QueueItem) {
  return useCommandQuery('queue.collision', { opId: item.opId }, { enabled: isCollision(item) });
}

function valuesInWords(values: CollisionShape['ours']['values'], t: TFunction): string {
  const words = values.map((v) => (v.value === null ? t('queue.collision.image', { tagType: v.tagType }) : `${v.tagType} ${v.value}`));
  return words.length > 0 ? words.join(', ') : t('queue.collision.noValues');
}

function Side({ name, side }: { name: string; side: CollisionShape['ours'] | NonNullable<CollisionShape['theirs']> }) {
  const { t } = useTranslation();
  // Unchecked has no mark: its words say it (a dash there read as a second dash after the one before it).
  const mark = { match: '✓', mismatch: '✖', unchecked: null }[side.printCheck];
  return (
    <li data-testid="collision-side" data-check={side.printCheck}>
      <strong>{name}</strong>: {valuesInWords(side.values, t)} —{' '}
      <span className={`check-${side.printCheck}`}>
        {mark ? <span aria-hidden="true">{mark} </span> : null}
        {t(`queue.collision.check.${side.printCheck}`)}
      </span>
      {side.mismatches.length > 0 ? <span className="hint"> ({side.mismatches.map((m) => t('queue.collision.mismatch', { ...m })).join('; ')})</span> : null}
    </li>
  );
}

/** The comparison under the item's reason: what was printed, both Labels against it, and which belongs there. */
export function CollisionComparison({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const collision = useCollision(item);
  if (collision.isPending) return <p className="hint">{t('queue.collision.comparing')}</p>;
  if (collision.error || !collision.data) return <ErrorNote error={collision.error} />;
  const c = collision.data;
  const printed = c.printData
    ? Object.entries(c.printData)
        .map(([tagType, value]) => `${tagType} ${value}`)
        .join(', ')
    : null;
  return (
    <div className="collision" data-testid="collision" data-verdict={c.verdict}>
      <p>{printed ? t('queue.collision.printData', { position: c.position, values: printed }) : t('queue.collision.noPrintData', { position: c.position })}</p>
      <ul>
        <Side name={t('queue.collision.ours')} side={c.ours} />
        {c.theirs ? <Side name={t('queue.collision.theirs')} side={c.theirs} /> : <li>{t('queue.collision.theirsGone', { position: c.position })}</li>}
      </ul>
      {c.theirsPrintedFor !== null ? (
        <p data-testid="collision-printed-for" data-printed-for={c.theirsPrintedFor}>
          {t('queue.collision.theirsPrintedFor', { printedFor: c.theirsPrintedFor })}
        </p>
      ) : null}
      <p className="collision-verdict" data-testid="collision-verdict">
        <strong>{t(`queue.collision.verdict.${c.verdict}`, { position: c.position })}</strong>
        {c.offer === 'archiveTheirs' && c.theirsGoesTo !== null ? (
          <>
            {' '}
            <span data-testid="collision-goes-to">{t('queue.collision.theirsGoesTo', { to: c.theirsGoesTo })}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}

/**
 * The actions of a collision: the comparison's offer behind a confirmation dialog; re-placing by hand only where the
 * print data cannot settle it (or the comparison could not be read), as `queue reposition` is for.
 */
export function CollisionActions({
  item,
  reposition,
  onSettled,
}: {
  item: QueueItem;
  reposition: ReactNode;
  onSettled: (collision: CollisionShape, setAsideReel: string | null, theirsMovedTo: number | null) => void;
}) {
  const { t } = useTranslation();
  const collision = useCollision(item);
  const settle = useCommandMutation('queue.settle', ['queue.list', 'queue.collision', 'reels.show']);
  const [asking, setAsking] = useState(false);
  const c = collision.data;
  if (!c || c.offer === 'reposition') return <>{collision.isPending ? null : reposition}</>;
  if (c.offer === 'retry') return null;
  const archive = c.offer === 'archiveTheirs';
  // Theirs goes to the position it was printed for, when that is free (queue.settle enrolls it again there).
  const to = archive ? c.theirsGoesTo : null;
  const ours = valuesInWords(c.ours.values, t);
  const theirs = c.theirs ? valuesInWords(c.theirs.values, t) : '';
  return (
    <>
      <button
        type="button"
        className="primary collision-offer"
        data-testid="collision-offer"
        data-offer={c.offer}
        onClick={() => setAsking(true)}
        aria-label={t(archive ? 'queue.collision.archiveTheirsItem' : 'queue.collision.discardOursItem', { seq: item.seq, position: c.position })}
      >
        {to !== null ? t('queue.collision.moveTheirs', { to }) : t(archive ? 'queue.collision.archiveTheirs' : 'queue.collision.discardOurs')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={
            to !== null
              ? t('queue.collision.confirmArchiveMoveTitle', { position: c.position, to })
              : t(archive ? 'queue.collision.confirmArchiveTitle' : 'queue.collision.confirmDiscardTitle', { position: c.position })
          }
          confirm={
            to !== null
              ? t('queue.collision.confirmArchiveMoveButton', { to })
              : t(archive ? 'queue.collision.confirmArchiveButton' : 'queue.collision.confirmDiscardButton')
          }
          busy={settle.isPending}
          error={settle.error}
          onCancel={() => {
            settle.reset();
            setAsking(false);
          }}
          onConfirm={() => {
            // Awaited rather than a per-call callback: the settled item leaves attention (and this component) at once.
            settle
              .mutateAsync({
                opId: item.opId,
                action: archive ? 'archiveTheirs' : 'discardOurs',
                ...(archive && c.theirs ? { theirLabelId: c.theirs.serviceId } : {}),
                confirm: true,
              })
              .then(
                (out) => {
                  setAsking(false);
                  onSettled(out.collision, out.setAsideReel?.name ?? null, out.theirsMovedTo?.position ?? null);
                },
                () => undefined,
              );
          }}
        >
          <p>
            {to !== null
              ? t('queue.collision.confirmArchiveMove', { theirs, ours, position: c.position, to, reel: c.reelName, setAside: c.setAsideReelName })
              : archive
                ? t('queue.collision.confirmArchive', {
                    theirs,
                    ours,
                    position: c.position,
                    reel: c.reelName,
                    setAside: c.setAsideReelName,
                  })
                : t('queue.collision.confirmDiscard', { ours, theirs, position: c.position, reel: c.reelName })}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** A modal confirmation (the platform's <dialog>: focus kept inside, Escape cancels). */
function ConfirmDialog({
  title,
  confirm,
  busy,
  error,
  onCancel,
  onConfirm,
  children,
}: {
  title: string;
  confirm: string;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="confirm-dialog-title"
      data-testid="confirm-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h3 id="confirm-dialog-title">{title}</h3>
      {children}
      <ErrorNote error={error} />
      <div className="toolbar">
        <button type="button" className="danger" disabled={busy} onClick={onConfirm} data-testid="confirm-dialog-confirm">
          {confirm}
        </button>
        <button type="button" onClick={onCancel} autoFocus>
          {t('queue.collision.cancel')}
        </button>
      </div>
    </dialog>
  );
}
