import { useStationStatus } from './use-status';

export function App() {
  const { status, error } = useStationStatus();
  return (
    <div className="app">
      <header className="status-bar" role="banner">
        <h1>Enrollment station</h1>
        {status ? (
          <dl aria-label="Station status" className="status-list">
            <dt>Version</dt>
            <dd data-testid="status-version">{status.version}</dd>
            <dt>Service</dt>
            <dd data-testid="status-profile">{status.profile ? `${status.profile.name} (${status.profile.baseUrl})` : 'Not connected'}</dd>
            <dt>Online</dt>
            <dd data-testid="status-online">{status.online}</dd>
            <dt>Queue</dt>
            <dd data-testid="status-queue">
              {`pending ${status.queue.pending} · sending ${status.queue.sending} · done ${status.queue.done} · attention ${status.queue.attention}`}
            </dd>
            <dt>Data</dt>
            <dd data-testid="status-data-dir">{status.dataDir}</dd>
          </dl>
        ) : (
          <p role="status">{error ? `Cannot reach the station: ${error}` : 'Connecting to the station…'}</p>
        )}
      </header>
    </div>
  );
}
