import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelView } from '../../../../src-shared/ipc';
import { Breakable } from '../../components/Breakable';
import { DataTable } from '../../components/DataTable';
import { ErrorNote, attentionError } from '../../components/ErrorNote';
import { Details } from '../../components/Details';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { RecapturePanel } from '../../components/RecapturePanel';
import { CELL_MARK, MISMATCH_MARK } from './cell-state';
import { LabelGrade } from './LabelGrade';
import { LabelHistory } from './LabelHistory';
import { LabelNfcEncoding } from './LabelNfcEncoding';
import { LabelPrints } from './LabelPrints';
import { askToConfirm } from '../../components/ConfirmDialog';

/** One Label: identifiers, print data, warnings, attention, and what can be done about it. */
export function LabelDetail({ position, label, close }: { position: number; label: LabelView | undefined; close: () => void }) {
  const { t } = useTranslation();
  const invalidates = ['reels.show', 'reels.list'] as const;
  const archive = useCommandMutation('labels.archive', invalidates);
  const unarchive = useCommandMutation('labels.unarchive', invalidates);
  const remove = useCommandMutation('labels.removeIdentifier', invalidates);
  const [recapturing, setRecapturing] = useState(false);
  const [recaptured, setRecaptured] = useState(false);
  const labelId = label?.labelId;
  // Another position (or Label) in the panel starts with the camera closed and no queued notes.
  const resetArchive = archive.reset;
  const resetUnarchive = unarchive.reset;
  useEffect(() => {
    setRecapturing(false);
    setRecaptured(false);
    resetArchive();
    resetUnarchive();
  }, [labelId, position, resetArchive, resetUnarchive]);
  // Archiving is queued: the Label's state changes once the service has it (after sync).
  const archiveWaits = archive.isSuccess && label?.state !== 'archived';
  const unarchiveWaits = unarchive.isSuccess && label?.state === 'archived';
  const recapturable = label?.state === 'attention' && label.serviceId === null;
  return (
    <aside className="card detail" aria-labelledby="label-detail-title">
      <h3 id="label-detail-title">
        {t('label.title', { position })}{' '}
        {label ? (
          <span className={`tag state-${label.state}`} data-testid="label-state" data-state={label.state}>
            {CELL_MARK[label.state]} {t(`states.${label.state}`)}
          </span>
        ) : null}
      </h3>
      {!label ? (
        <p>{t('label.noLabel')}</p>
      ) : (
        <>
          {label.serviceId ? (
            <p className="hint" data-testid="label-on-service">
              {t('label.onService')}
            </p>
          ) : null}
          {label.attention ? <ErrorNote error={attentionError(label.attention)} testId="label-attention" /> : null}
          <PrintFindings label={label} />
          <DataTable
            label={t('label.identifiers')}
            compact
            className="panel-table"
            rows={label.identifiers}
            rowKey={(i) => `${i.tagType}:${i.value ?? i.captureSha256}`}
            columns={[
              { key: 'type', header: t('label.tagType'), cell: (i) => i.tagType },
              {
                key: 'value',
                header: t('label.value'),
                className: 'wrap',
                cell: (i) =>
                  i.value ? (
                    <span className="mono">
                      <Breakable text={i.value} />
                    </span>
                  ) : i.captureSha256 ? (
                    t('label.capture', { sha: i.captureSha256.slice(0, 12) })
                  ) : (
                    ''
                  ),
              },
              {
                key: 'printed',
                header: t('label.printed'),
                className: 'wrap',
                cell: (i) =>
                  i.tagType !== 'SVC' && label.expected?.[i.tagType] ? (
                    <span className="mono">
                      <Breakable text={label.expected[i.tagType] as string} />
                    </span>
                  ) : (
                    '–'
                  ),
              },
              {
                key: 'actions',
                header: t('common.actions'),
                className: 'actions',
                cell: (i) => (
                  <button
                    type="button"
                    disabled={remove.isPending}
                    aria-label={t('label.removeIdentifier', { tagType: i.tagType })}
                    onClick={async () => {
                      if (!(await askToConfirm({ message: t('label.confirmRemove', { tagType: i.tagType }), confirm: t('label.remove'), danger: true })))
                        return;
                      remove.mutate({ labelId: label.labelId, tagType: i.tagType, ...(i.value ? { value: i.value } : {}) });
                    }}
                  >
                    {t('label.remove')}
                  </button>
                ),
              },
            ]}
          />
          {label.warnings.length ? (
            <ul className="warnings" aria-label={t('label.warnings')}>
              {label.warnings.map((w) => (
                <li key={w}>⚠ {w}</li>
              ))}
            </ul>
          ) : null}
          {label.boundThreadId ? <BoundThread threadId={label.boundThreadId} /> : null}
          {label.serviceId || label.boundThreadId ? (
            <Details label={t('label.ids')} testId="label-ids">
              <dl className="raw">
                {label.serviceId ? (
                  <>
                    <dt>{t('label.serviceIdLabel')}</dt>
                    <dd className="mono">
                      <Breakable text={label.serviceId} />
                    </dd>
                  </>
                ) : null}
                {label.boundThreadId ? (
                  <>
                    <dt>{t('label.threadIdLabel')}</dt>
                    <dd className="mono">
                      <Breakable text={label.boundThreadId} />
                    </dd>
                  </>
                ) : null}
              </dl>
            </Details>
          ) : null}
          <LabelGrade reelId={label.reelId} position={position} />
          <LabelHistory labelId={label.labelId} />
          <LabelPrints reelId={label.reelId} position={position} />
          <LabelNfcEncoding reelId={label.reelId} position={position} />
          <div className="toolbar">
            {/* A capture the service refused (attention, never on the service) is fixed by capturing it again. */}
            <button
              type="button"
              disabled={!recapturable || recapturing}
              title={recapturable ? undefined : t('recapture.onlyAttention')}
              aria-label={t('recapture.openPosition', { position })}
              aria-expanded={recapturing}
              aria-controls={recapturing ? 'label-recapture' : undefined}
              onClick={() => {
                setRecaptured(false);
                setRecapturing(true);
              }}
            >
              {t('recapture.open')}
            </button>
            {label.state === 'archived' ? (
              <button
                type="button"
                disabled={unarchive.isPending}
                onClick={() => {
                  archive.reset();
                  unarchive.mutate({ labelId: label.labelId });
                }}
              >
                {t('label.unarchive')}
              </button>
            ) : (
              <button
                type="button"
                disabled={archive.isPending}
                onClick={async () => {
                  if (!(await askToConfirm({ message: t('label.confirmArchive', { position }), confirm: t('label.archive') }))) return;
                  unarchive.reset();
                  archive.mutate({ labelId: label.labelId });
                }}
              >
                {t('label.archive')}
              </button>
            )}
          </div>
          {archiveWaits || unarchiveWaits ? (
            <p role="status" className="hint" data-testid="label-op-queued">
              {archiveWaits ? t('label.archiveQueued') : t('label.unarchiveQueued')}
            </p>
          ) : null}
          {recaptured ? (
            <p role="status" className="ok-note" data-testid="label-recaptured">
              ✓ {t('recapture.saved', { position })}
            </p>
          ) : null}
          {recapturing && recapturable ? (
            <div id="label-recapture">
              <RecapturePanel
                labelId={label.labelId}
                title={t('recapture.titlePosition', { position })}
                onCancel={() => setRecapturing(false)}
                onDone={() => {
                  setRecapturing(false);
                  setRecaptured(true);
                }}
              />
            </div>
          ) : null}
          <ErrorNote error={archive.error ?? unarchive.error ?? remove.error} />
        </>
      )}
      <button type="button" onClick={close}>
        {t('common.close')}
      </button>
    </aside>
  );
}

/**
 * What the Label carries that is not the print data of its position, in words ("carries W4711-000158, which was
 * printed for position 15"), whoever enrolled it (docs/print-run.md, "The check against the print data").
 */
function PrintFindings({ label }: { label: LabelView }) {
  const { t } = useTranslation();
  if (label.printCheck !== 'mismatch') return null;
  return (
    <ul className="warning-note print-findings" role="alert" aria-label={t('printCheck.findingsTitle')} data-testid="print-findings">
      {label.printFindings.map((f) => (
        <li key={`${f.tagType}:${f.value}`}>
          <span aria-hidden="true">{MISMATCH_MARK} </span>
          {f.kind === 'misorder'
            ? t('printCheck.carriesPrintedFor', { value: f.value, position: f.printedFor })
            : t('printCheck.carriesPrintedNowhere', { value: f.value, expected: f.expected })}
        </li>
      ))}
    </ul>
  );
}

/** The Thread a Label is bound to, by its name (read from the service); without the service, that it is bound. */
function BoundThread({ threadId }: { threadId: string }) {
  const { t } = useTranslation();
  const thread = useCommandQuery('threads.get', { threadId });
  return <p data-testid="label-bound">{thread.data ? t('label.boundTo', { thread: thread.data.name }) : t('label.bound')}</p>;
}
