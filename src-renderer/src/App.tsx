import { Suspense, useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmHost } from './components/ConfirmDialog';
import { ScanFieldNotice } from './components/ScanFieldNotice';
import { showLocale } from './i18n';
import { useEventInvalidation } from './query/use-event-invalidation';
import { Nav } from './shell/Nav';
import { StatusBar } from './shell/StatusBar';
import { DiskBanner } from './shell/DiskStatus';
import { lazyScreen } from './shell/lazy-screen';
import { ReadNotice, useReadsWithoutBench } from './shell/ReadNotice';
import { ScreenBoundary } from './shell/ScreenBoundary';
import { readsClaimed, watchClaims } from './shell/read-notice';
import { StationLostBanner } from './shell/StationLostBanner';
import { hashParams, screenFromHash, type ScreenId } from './shell/screens';
import { useRoute } from './shell/use-route';
import { useWedgeCapture } from './shell/wedge-capture';
import { useStationConnection, useStationStatus } from './use-status';

// Each screen is its own chunk, loaded when it is first opened (docs/architecture.md, "Renderer"): the shell
// (status bar, navigation, wedge capture) and the first screen's chunk are all the first page load waits for.
const bench = lazyScreen(() => import('./screens/bench/BenchScreen').then((m) => m.BenchScreen));
const bulkBind = lazyScreen(() => import('./screens/bulk-bind/BulkBindScreen').then((m) => m.BulkBindScreen));
const connect = lazyScreen(() => import('./screens/connect/ConnectScreen').then((m) => m.ConnectScreen));
const devices = lazyScreen(() => import('./screens/devices/DevicesScreen').then((m) => m.DevicesScreen));
const queue = lazyScreen(() => import('./screens/queue/QueueScreen').then((m) => m.QueueScreen));
const reelMap = lazyScreen(() => import('./screens/reel-map/ReelMapScreen').then((m) => m.ReelMapScreen));
const reels = lazyScreen(() => import('./screens/reels/ReelsScreen').then((m) => m.ReelsScreen));
const reportPrint = lazyScreen(() => import('./screens/report/ReportPrint').then((m) => m.ReportPrint));
const report = lazyScreen(() => import('./screens/report/ReportScreen').then((m) => m.ReportScreen));
const settings = lazyScreen(() => import('./screens/settings/SettingsScreen').then((m) => m.SettingsScreen));
const shift = lazyScreen(() => import('./screens/shift/ShiftScreen').then((m) => m.ShiftScreen));
const shiftPrint = lazyScreen(() => import('./screens/shift/ShiftScreen').then((m) => m.ShiftPrint));
const verify = lazyScreen(() => import('./screens/verify/VerifyScreen').then((m) => m.VerifyScreen));
const SCREEN_CHUNKS: Record<ScreenId, { preload: () => Promise<unknown> }> = {
  bench,
  bulkBind,
  connect,
  devices,
  queue,
  reelMap,
  reels,
  report,
  settings,
  shift,
  verify,
};
const BenchScreen = bench.Screen;
const BulkBindScreen = bulkBind.Screen;
const ConnectScreen = connect.Screen;
const DevicesScreen = devices.Screen;
const QueueScreen = queue.Screen;
const ReelMapScreen = reelMap.Screen;
const ReelsScreen = reels.Screen;
const ReportPrint = reportPrint.Screen;
const ReportScreen = report.Screen;
const SettingsScreen = settings.Screen;
const ShiftScreen = shift.Screen;
const ShiftPrint = shiftPrint.Screen;
const VerifyScreen = verify.Screen;

/**
 * Loads the chunk of the screen the page opens on before the first render (main.tsx): the hash's screen, or both
 * first-run choices (Connect without a profile, else the Reels) when the hash names none.
 */
export async function preloadFirstScreen(hash: string): Promise<void> {
  const params = hashParams(hash);
  const screen = screenFromHash(hash);
  if (screen === 'report' && params.get('print') === '1') await reportPrint.preload();
  else if (screen === 'shift' && params.get('print') === '1') await shiftPrint.preload();
  else if (screen) await SCREEN_CHUNKS[screen].preload();
  else await Promise.all([reels.preload(), connect.preload()]);
}

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
  const connection = useStationConnection();
  useEventInvalidation();
  // Keyboard-wedge scans on every screen (Bench, Devices' test read and layout test…).
  useWedgeCapture();
  // First run (no service profile yet) opens Connect; afterwards the Reels.
  const { screen, chosen, params, go } = useRoute(status && !status.profile ? 'connect' : 'reels');
  const reelId = params.get('reel') ?? undefined;
  const pickBench = useCallback((id: string) => go('bench', { reel: id }), [go]);
  // The Bench's session outlives its screen (docs/architecture.md, "The Bench's session"): once the Bench was opened on
  // a Reel it stays mounted, drawing nothing while another screen is shown, and reads made there reach it.
  const [benchReel, setBenchReel] = useState<string>();
  if (screen === 'bench' && reelId && reelId !== benchReel) setBenchReel(reelId);
  const onBench = screen === 'bench';
  // Verify and Devices use reads themselves while shown (a sampled position's scan, a test read): the Bench does not
  // take them then (shell/read-notice.ts).
  const usesReads = useSyncExternalStore(watchClaims, readsClaimed);
  const benchReelShown = onBench ? (reelId ?? benchReel) : benchReel;
  useReadsWithoutBench({ usesReads, benchOpen: benchReelShown !== undefined });
  // The UI's language is the station's (docs/architecture.md, "Renderer", *One language*): the page opened in it, and
  // follows it when any window changes it (`station.changed`). A print page keeps the language it was asked for.
  const stationLanguage = status?.language;
  const printing = params.get('print') === '1';
  useEffect(() => {
    if (stationLanguage && !printing) void showLocale(stationLanguage).catch(() => undefined);
  }, [stationLanguage, printing]);
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
  // The Reel report or the shift summary alone, for printing to PDF (src-main/hosts/web/report-pdf.ts, the Electron host).
  if (screen === 'shift' && params.get('print') === '1')
    return (
      <Suspense fallback={loading}>
        <ShiftPrint day={params.get('day')} offset={params.get('offset')} lang={params.get('lang')} />
      </Suspense>
    );
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
      <StatusBar status={status} error={error} connection={connection} />
      <StationLostBanner connection={connection} />
      <DiskBanner status={status} />
      <div className="body">
        <Nav
          current={chosen}
          shown={screen}
          go={(s) => go(s, reelId && s !== 'connect' ? { reel: reelId } : undefined)}
          preload={(s) => void SCREEN_CHUNKS[s].preload().catch(() => undefined)}
          queue={status?.queue}
          notices={status?.notices.count ?? 0}
        />
        <main id="main" className="screen" tabIndex={-1}>
          {/* Over the screen, not in its flow: a scan's notice moves nothing on the page (styles.css, .notices). */}
          <div className="notices">
            <ScanFieldNotice />
            <ReadNotice />
          </div>
          <Suspense fallback={loading}>
            {/* The Bench's session in a boundary of its own: another screen's failure does not end it. */}
            <ScreenBoundary screen={screen} connection={connection} shown={onBench}>
              {onBench || benchReel !== undefined ? (
                <BenchScreen
                  reelId={benchReelShown}
                  online={status?.online === 'online'}
                  pick={pickBench}
                  shown={onBench}
                  takesReads={!usesReads}
                  takenElsewhere={benchReelShown ? (status?.notices.reels[benchReelShown] ?? 0) : 0}
                />
              ) : null}
            </ScreenBoundary>
            <ScreenBoundary screen={screen} connection={connection} shown={!onBench}>
              {screen === 'connect' && <ConnectScreen status={status} onConnected={() => go('reels')} />}
              {screen === 'reels' && <ReelsScreen open={(id, s) => go(s, { reel: id })} />}
              {screen === 'reelMap' && <ReelMapScreen reelId={reelId} pick={(id) => go('reelMap', { reel: id })} />}
              {screen === 'bulkBind' && <BulkBindScreen reelId={reelId} pick={(id) => go('bulkBind', { reel: id })} />}
              {screen === 'verify' && (
                <VerifyScreen reelId={reelId} status={status} pick={(id) => go('verify', { reel: id })} openReport={(id) => go('report', { reel: id })} />
              )}
              {screen === 'report' && <ReportScreen reelId={reelId} pick={(id) => go('report', { reel: id })} />}
              {screen === 'shift' && <ShiftScreen open={(id) => go('report', { reel: id })} />}
              {screen === 'queue' && <QueueScreen />}
              {screen === 'devices' && <DevicesScreen status={status} />}
              {screen === 'settings' && <SettingsScreen status={status} />}
            </ScreenBoundary>
            <ScreenRendered screen={screen} />
          </Suspense>
        </main>
      </div>
      <ConfirmHost />
    </div>
  );
}
