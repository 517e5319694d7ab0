import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanFieldNotice } from './components/ScanFieldNotice';
import { useEventInvalidation } from './query/use-event-invalidation';
import { Nav } from './shell/Nav';
import { StatusBar } from './shell/StatusBar';
import { DiskBanner } from './shell/DiskStatus';
import type { ScreenId } from './shell/screens';
import { useRoute } from './shell/use-route';
import { useWedgeCapture } from './shell/wedge-capture';
import { useStationStatus } from './use-status';

// Each screen is its own chunk, loaded when it is first opened (docs/architecture.md, "Renderer"): the shell
// (status bar, navigation, wedge capture) is the only script the first page load waits for.
const BenchScreen = lazy(() => import('./screens/bench/BenchScreen').then((m) => ({ default: m.BenchScreen })));
const BulkBindScreen = lazy(() => import('./screens/bulk-bind/BulkBindScreen').then((m) => ({ default: m.BulkBindScreen })));
const ConnectScreen = lazy(() => import('./screens/connect/ConnectScreen').then((m) => ({ default: m.ConnectScreen })));
const DevicesScreen = lazy(() => import('./screens/devices/DevicesScreen').then((m) => ({ default: m.DevicesScreen })));
const QueueScreen = lazy(() => import('./screens/queue/QueueScreen').then((m) => ({ default: m.QueueScreen })));
const ReelMapScreen = lazy(() => import('./screens/reel-map/ReelMapScreen').then((m) => ({ default: m.ReelMapScreen })));
const ReelsScreen = lazy(() => import('./screens/reels/ReelsScreen').then((m) => ({ default: m.ReelsScreen })));
const ReportPrint = lazy(() => import('./screens/report/ReportPrint').then((m) => ({ default: m.ReportPrint })));
const ReportScreen = lazy(() => import('./screens/report/ReportScreen').then((m) => ({ default: m.ReportScreen })));
const SettingsScreen = lazy(() => import('./screens/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })));
const ShiftScreen = lazy(() => import('./screens/shift/ShiftScreen').then((m) => ({ default: m.ShiftScreen })));
const VerifyScreen = lazy(() => import('./screens/verify/VerifyScreen').then((m) => ({ default: m.VerifyScreen })));

/**
 * Marks the first frame of a screen after it was opened (`screen:rendered:<id>`, read by test/bench/ui.bench.ts);
 * inside the screen's Suspense, so it runs once the screen's chunk is loaded and drawn.
 */
function ScreenRendered({ screen }: { screen: ScreenId }) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => performance.mark(`screen:rendered:${screen}`));
    return () => cancelAnimationFrame(frame);
  }, [screen]);
  return null;
}

export function App() {
  const { t } = useTranslation();
  const { status, error } = useStationStatus();
  useEventInvalidation();
  // Keyboard-wedge scans on every screen (Bench, Devices' test read and layout test…).
  useWedgeCapture();
  // First run (no service profile yet) opens Connect; afterwards the Reels.
  const { screen, params, go } = useRoute(status && !status.profile ? 'connect' : 'reels');
  const reelId = params.get('reel') ?? undefined;
  // Each screen opens at its top: the page kept the last screen's scroll position.
  useLayoutEffect(() => {
    // Braces: Chromium's scrollTo returns a promise, which React would take for a clean-up.
    window.scrollTo(0, 0);
  }, [screen]);
  const loading = (
    <p role="status" className="hint">
      {t('app.loadingScreen')}
    </p>
  );
  // The Reel report alone, for printing to PDF (src-main/hosts/web/report-pdf.ts, the Electron host).
  if (screen === 'report' && params.get('print') === '1')
    return (
      <Suspense fallback={loading}>
        <ReportPrint reelId={reelId} lang={params.get('lang')} />
      </Suspense>
    );
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
          <Suspense fallback={loading}>
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
            <ScreenRendered screen={screen} />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
