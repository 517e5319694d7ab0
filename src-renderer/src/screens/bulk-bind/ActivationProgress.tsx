import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkBindStatus } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandQuery } from '../../query/use-command';
import { activationBar, activationRunning, pollInterval, STALL_MS } from './bind-flow';

/**
 * One committed bulk-bind: its state in the queue and, once bound, the activation the service runs in the
 * background. No station event reports the service's progress, so this one screen asks again every second
 * (bind-flow.ts, pollInterval) until every Label of the range is identifiable or nothing moved for STALL_MS;
 * the queued phase is a local read only.
 */
export function useBindStatus(opId: string | undefined) {
  const [since, setSince] = useState(() => Date.now());
  const [stalled, setStalled] = useState(false);
  const input = { opId: opId ?? '' };
  const query = useCommandQuery('bulkBind.status', input, { enabled: opId !== undefined, poll: (data) => pollInterval(data, stalled) });
  const identifiable = query.data?.activation.identifiable;
  const running = activationRunning(query.data);
  useEffect(() => {
    setSince(Date.now());
    setStalled(false);
  }, [identifiable, opId]);
  useEffect(() => {
    if (!running) return undefined;
    const timer = setTimeout(() => setStalled(true), Math.max(0, since + STALL_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [running, since]);
  const refresh = () => {
    setSince(Date.now());
    setStalled(false);
    void query.refetch();
  };
  return { query, stalled: running && stalled, refresh };
}

export function ActivationProgress({
  status,
  stalled,
  error,
  refresh,
}: {
  status: BulkBindStatus | undefined;
  stalled: boolean;
  error: Error | null;
  refresh: () => void;
}) {
  const { t } = useTranslation();
  const activation = status?.activation;
  const bar = activation ? activationBar(activation) : null;
  let note: string | null = null;
  if (activation && !activation.requested) note = t('bulk.activationNotRequested');
  else if (activation?.outcome === 'no_dust' || (activation?.finished && activation.total === 0)) note = t('bulk.activationNothing');
  else if (status && status.state !== 'done') note = t('bulk.activationWaits');
  else if (activation?.finished) note = t('bulk.activationFinished');
  else if (stalled && activation) note = t('bulk.activationStalled', { count: activation.total - activation.identifiable });
  else if (activation && !activation.live) note = t('bulk.activationOffline');
  return (
    <section className="card" aria-labelledby="bulk-progress">
      <h3 id="bulk-progress">{t('bulk.progressTitle')}</h3>
      <p role="status" data-testid="bulk-state">
        {t('bulk.state', { state: status?.state ?? '…' })}
      </p>
      {bar ? (
        <label className="progress">
          {t('bulk.activation', { done: bar.value, total: bar.max })}
          <progress max={bar.max} value={bar.value} aria-label={t('bulk.activationLabel')} />
        </label>
      ) : null}
      {note ? (
        <p role="status" data-testid="bulk-activation-note">
          {note}
        </p>
      ) : null}
      <button type="button" onClick={refresh}>
        {t('bulk.refresh')}
      </button>
      <ErrorNote error={error} />
    </section>
  );
}
