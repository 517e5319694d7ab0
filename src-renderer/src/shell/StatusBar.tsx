import { useTranslation } from 'react-i18next';
import type { StationStatus } from '../../../src-shared/ipc';
import { DiskIndicator } from './DiskStatus';

const ONLINE_MARK: Record<StationStatus['online'], string> = { online: '●', offline: '○', unknown: '◌', not_connected: '–' };

/** The one-line status of the station, live from `station.changed` (never polled). */
export function StatusBar({ status, error }: { status: StationStatus | undefined; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <header className="status-bar" role="banner">
      <h1>{t('app.title')}</h1>
      {status ? (
        <dl aria-label={t('status.label')} className="status-list">
          <dt>{t('status.online')}</dt>
          <dd data-testid="status-online" className={`online online-${status.online}`}>
            <span aria-hidden="true">{ONLINE_MARK[status.online]} </span>
            {t(`status.onlineState.${status.online}`)}
          </dd>
          <dt>{t('status.service')}</dt>
          <dd data-testid="status-profile">{status.profile ? `${status.profile.name} (${status.profile.baseUrl})` : t('status.notConnected')}</dd>
          <dt>{t('status.queue')}</dt>
          <dd data-testid="status-queue">
            {t('status.queueCounts', {
              pending: status.queue.pending,
              sending: status.queue.sending,
              done: status.queue.done,
              attention: status.queue.attention,
            })}
          </dd>
          <dt>{t('status.sync')}</dt>
          <dd data-testid="status-sync" className={status.sync.paused ? 'sync-paused' : undefined}>
            {status.sync.paused
              ? `⏸ ${t('status.syncPaused')}${status.sync.pauseReason ? `: ${status.sync.pauseReason}` : ''}`
              : status.sync.otherSender
                ? status.sync.otherSenderPid !== null
                  ? t('status.syncElsewhere', { pid: status.sync.otherSenderPid })
                  : t('status.syncElsewhereNoPid')
                : `▶ ${t('status.syncRunning')}`}
          </dd>
          <dt>{t('status.token')}</dt>
          <dd data-testid="status-token" data-expires-at={status.tokenExpiresAt ?? ''}>
            {status.tokenExpiresAt ? t('status.tokenExpires', { time: new Date(status.tokenExpiresAt).toLocaleTimeString() }) : t('status.noToken')}
          </dd>
          <DiskIndicator disk={status.disk} />
          <dt>{t('status.version')}</dt>
          <dd data-testid="status-version">{status.version}</dd>
          <dt>{t('status.data')}</dt>
          <dd data-testid="status-data-dir">{status.dataDir}</dd>
        </dl>
      ) : (
        <p role="status">{error ? t('status.unreachable', { error }) : t('status.connecting')}</p>
      )}
    </header>
  );
}
