import { useTranslation } from 'react-i18next';
import type { QueueCounts, StationStatus } from '../../../src-shared/ipc';
import { useLiveQueueCounts } from '../use-status';
import { useFormat } from '../components/format';
import { PAUSED_MARK, RUNNING_MARK, syncPausedWords } from '../components/sync-pause';
import type { StationConnection } from '../station-client';
import { DiskDetails, DiskIndicator } from './DiskStatus';

const ONLINE_MARK: Record<StationStatus['online'], string> = { online: '●', offline: '○', unknown: '◌', not_connected: '–' };
const DETAILS_ID = 'status-details';
const NO_COUNTS: QueueCounts = { pending: 0, sending: 0, done: 0, attention: 0, discarded: 0 };

/** The sync term: running, paused (with why), or sent by another process on this data folder. */
function syncText(status: StationStatus, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (status.sync.paused) return `${PAUSED_MARK} ${syncPausedWords(t, status.sync.pauseKind)}`;
  if (status.sync.otherSender)
    return status.sync.otherSenderPid !== null ? t('status.syncElsewhere', { pid: status.sync.otherSenderPid }) : t('status.syncElsewhereNoPid');
  return `${RUNNING_MARK} ${t('status.syncRunning')}`;
}

/**
 * The status of the station on one line at 1366 px, live from `station.changed` (never polled): what a shift lead
 * reads at a glance (connection, service, queue, sync, disk). The rest (the service's address, every queue count,
 * the token, the version, the data folder) is behind "Details", a popover (the platform's `popover`: Tab reaches
 * it, Escape and a click outside close it). No API key is ever in the status (docs/architecture.md, "Renderer").
 */
export function StatusBar({
  status,
  error,
  connection = 'connected',
}: {
  status: StationStatus | undefined;
  error: string | undefined;
  /** `lost`: the page does not reach its station, so what the status last said (online…) is not known now. */
  connection?: StationConnection;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // Shown only with a status, whose counts it starts from.
  const queue = useLiveQueueCounts(status?.queue) ?? NO_COUNTS;
  return (
    <header className="status-bar" role="banner">
      <h1>{t('app.title')}</h1>
      {status ? (
        <>
          <dl aria-label={t('status.label')} className="status-list">
            <div>
              <dt>{t('status.online')}</dt>
              {connection === 'lost' ? (
                <dd data-testid="status-online" className="online online-lost">
                  <span aria-hidden="true">✖ </span>
                  {t('status.stationLost')}
                </dd>
              ) : (
                <dd data-testid="status-online" className={`online online-${status.online}`}>
                  <span aria-hidden="true">{ONLINE_MARK[status.online]} </span>
                  {t(`status.onlineState.${status.online}`)}
                </dd>
              )}
            </div>
            <div>
              <dt>{t('status.service')}</dt>
              <dd data-testid="status-service" title={status.profile?.baseUrl}>
                {status.profile ? status.profile.name : t('status.notConnected')}
              </dd>
            </div>
            <div>
              <dt>{t('status.queue')}</dt>
              <dd data-testid="status-queue-short" className={queue.attention > 0 ? 'queue-attention' : undefined}>
                {t('status.queueShort', { waiting: queue.pending + queue.sending, attention: queue.attention })}
              </dd>
            </div>
            <div className="status-sync-term">
              <dt>{t('status.sync')}</dt>
              <dd data-testid="status-sync" className={status.sync.paused ? 'sync-paused' : undefined} title={syncText(status, t)}>
                {syncText(status, t)}
              </dd>
            </div>
            <DiskIndicator disk={status.disk} />
          </dl>
          <button type="button" className="status-details-button" popoverTarget={DETAILS_ID} data-testid="status-details-button">
            {t('status.details')}
          </button>
          <div id={DETAILS_ID} popover="auto" className="status-details" role="dialog" aria-label={t('status.detailsLabel')}>
            <dl>
              <dt>{t('status.service')}</dt>
              <dd data-testid="status-profile">{status.profile ? `${status.profile.name} (${status.profile.baseUrl})` : t('status.notConnected')}</dd>
              {status.profile?.teamId ? (
                <>
                  <dt>{t('status.team')}</dt>
                  <dd data-testid="status-team">
                    {t('status.teamOf', {
                      team: status.profile.teamName ?? status.profile.teamId,
                      organization: status.profile.orgName ?? status.profile.orgId ?? '–',
                    })}
                  </dd>
                </>
              ) : null}
              <dt>{t('status.queue')}</dt>
              <dd data-testid="status-queue">
                {t('status.queueCounts', {
                  pending: queue.pending,
                  sending: queue.sending,
                  done: queue.done,
                  attention: queue.attention,
                })}
              </dd>
              <DiskDetails disk={status.disk} />
              <dt>{t('status.token')}</dt>
              <dd data-testid="status-token" data-expires-at={status.tokenExpiresAt ?? ''}>
                {status.tokenExpiresAt ? t('status.tokenExpires', { time: format.time(status.tokenExpiresAt) }) : t('status.noToken')}
              </dd>
              <dt>{t('status.version')}</dt>
              <dd data-testid="status-version">{status.version}</dd>
              <dt>{t('status.data')}</dt>
              <dd data-testid="status-data-dir" className="mono">
                {status.dataDir}
              </dd>
            </dl>
          </div>
        </>
      ) : (
        <p role="status" className="status-waiting">
          {error ? t('status.unreachable', { error }) : t('status.connecting')}
        </p>
      )}
    </header>
  );
}
