import { useTranslation } from 'react-i18next';
import { ScanFieldNotice } from './components/ScanFieldNotice';
import { useEventInvalidation } from './query/use-event-invalidation';
import { BenchScreen } from './screens/bench/BenchScreen';
import { BulkBindScreen } from './screens/bulk-bind/BulkBindScreen';
import { ConnectScreen } from './screens/connect/ConnectScreen';
import { DevicesScreen } from './screens/devices/DevicesScreen';
import { QueueScreen } from './screens/queue/QueueScreen';
import { ReelMapScreen } from './screens/reel-map/ReelMapScreen';
import { ReelsScreen } from './screens/reels/ReelsScreen';
import { ReportPrint } from './screens/report/ReportPrint';
import { ReportScreen } from './screens/report/ReportScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { ShiftPrint, ShiftScreen } from './screens/shift/ShiftScreen';
import { VerifyScreen } from './screens/verify/VerifyScreen';
import { Nav } from './shell/Nav';
import { StatusBar } from './shell/StatusBar';
import { DiskBanner } from './shell/DiskStatus';
import { useRoute } from './shell/use-route';
import { useWedgeCapture } from './shell/wedge-capture';
import { useStationStatus } from './use-status';

export function App() {
  const { t } = useTranslation();
  const { status, error } = useStationStatus();
  useEventInvalidation();
  // Keyboard-wedge scans on every screen (Bench, Devices' test read and layout test…).
  useWedgeCapture();
  // First run (no service profile yet) opens Connect; afterwards the Reels.
  const { screen, params, go } = useRoute(status && !status.profile ? 'connect' : 'reels');
  const reelId = params.get('reel') ?? undefined;
  // The Reel report or the shift summary alone, for printing to PDF (src-main/hosts/web/report-pdf.ts, the Electron host).
  if (screen === 'report' && params.get('print') === '1') return <ReportPrint reelId={reelId} lang={params.get('lang')} />;
  if (screen === 'shift' && params.get('print') === '1') return <ShiftPrint day={params.get('day')} offset={params.get('offset')} lang={params.get('lang')} />;
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <StatusBar status={status} error={error} />
      <DiskBanner status={status} />
      <div className="body">
        <Nav current={screen} go={(s) => go(s, reelId && s !== 'connect' ? { reel: reelId } : undefined)} attention={status?.queue.attention ?? 0} />
        <main id="main" className="screen" tabIndex={-1}>
          <ScanFieldNotice />
          {screen === 'connect' && <ConnectScreen status={status} onConnected={() => go('reels')} />}
          {screen === 'reels' && <ReelsScreen open={(id, s) => go(s, { reel: id })} />}
          {screen === 'reelMap' && <ReelMapScreen reelId={reelId} pick={(id) => go('reelMap', { reel: id })} />}
          {screen === 'bench' && <BenchScreen reelId={reelId} status={status} pick={(id) => go('bench', { reel: id })} />}
          {screen === 'bulkBind' && <BulkBindScreen reelId={reelId} pick={(id) => go('bulkBind', { reel: id })} />}
          {screen === 'verify' && (
            <VerifyScreen reelId={reelId} status={status} pick={(id) => go('verify', { reel: id })} openReport={(id) => go('report', { reel: id })} />
          )}
          {screen === 'report' && <ReportScreen reelId={reelId} pick={(id) => go('report', { reel: id })} />}
          {screen === 'shift' && <ShiftScreen open={(id) => go('report', { reel: id })} />}
          {screen === 'queue' && <QueueScreen />}
          {screen === 'devices' && <DevicesScreen status={status} />}
          {screen === 'settings' && <SettingsScreen status={status} />}
        </main>
      </div>
    </div>
  );
}
