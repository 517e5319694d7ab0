import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { daemonPort } from '../helpers/ports';
import { wedgeScan } from '../helpers/e2e/wedge';

// When the page loses its station (docs/architecture.md, "When the page loses its station"): the web host is killed
// while the operator scans. The page says so at once (the status bar no longer "online", a banner), shows no save it
// could not confirm, names every scan it could not use, and goes on by itself once the host is started again on the
// same data folder and port (the folder keeps the host's token, so the page's session is still valid).

const text = (p: number) => `LOST-${String(p).padStart(6, '0')}`;
const url = (p: number) => `https://ex.test/${text(p)}`;

let first: ServedStation;
let second: ServedStation | undefined;
let third: ServedStation | undefined;
test.afterAll(async () => {
  await third?.stop();
  await second?.served.stop('SIGKILL');
  await first.served.stop('SIGKILL');
  rmSync(first.dataDir, { recursive: true, force: true });
});

async function tones(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { heardTones: string[] }).heardTones]);
}

test('the web host stopped and started again during scanning: said at once, no save shown it could not confirm, back by itself', async ({ page }) => {
  test.setTimeout(120_000);
  // On a port the kernel hands to no other program while this one is stopped (test/helpers/ports.ts): it is started again on it.
  first = await serveStation({ port: await daemonPort() });
  await first.call('profiles.connect', { kind: 'sandbox' });
  const { reelId } = await first.call('reels.create', {
    name: 'Host stops',
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  await first.call('printRun.generate', { reelId, spec: { count: 40, prefix: 'LOST-', digits: 6, qr: 'https://ex.test/{serial}' }, expected: true });
  await page.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { heardTones: string[] }).heardTones = heard;
    window.addEventListener('station:sound', (event) => heard.push((event as CustomEvent<{ tone: string }>).detail.tone));
  });
  const origin = new URL(first.served.ready.url).origin;
  await page.goto(`${origin}/?token=${first.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
  const position = page.getByTestId('bench-position');
  const feedback = page.getByTestId('bench-feedback');
  const online = page.getByTestId('status-online');
  await expect(position).toHaveText('1');
  await expect(online).toHaveText('● online');
  await wedgeScan(page, text(1));
  await wedgeScan(page, url(1));
  await expect(feedback).toHaveText(/Position 1 saved\./);
  await expect(position).toHaveText('2');
  // The web host is gone (killed: no goodbye to the page).
  await first.served.stop('SIGKILL');
  await expect(online).toHaveText('✖ station not answering');
  await expect(page.getByTestId('station-lost')).toContainText('The station is not answering');
  // The last save is not shown as if all were well: the Bench says nothing is saved now.
  await expect(feedback).toHaveAttribute('data-code', 'STATION_UNREACHABLE');
  await expect(page.getByText('Position 1 saved.')).toHaveCount(0);
  // "Not saved" only for what was not saved: position 1 was, and nothing read waits here.
  await expect(feedback).toContainText('The station is not answering. Nothing read here waits to be saved');
  await expect(feedback).not.toContainText('Not saved');
  // A scan now is named as not used, with the warning tone.
  const heardBefore = (await tones(page)).length;
  await wedgeScan(page, text(2));
  const notice = page.getByTestId('read-notice');
  await expect(notice).toHaveAttribute('data-kind', 'lost');
  await expect(notice).toContainText(`Scan ${text(2)} was not used: the station is not answering.`);
  await expect.poll(async () => (await tones(page)).slice(heardBefore)).toEqual(['warning']);
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', 'TEXT: waiting');
  await lostScreenshots(page, 'en');

  // Started again on the same folder and port: the page finds it by itself (no reload) and goes on.
  second = await serveStation({ dataDir: first.dataDir, port: Number(new URL(origin).port) });
  expect(second.served.ready.token).toBe(first.served.ready.token);
  await expect(page.getByTestId('station-lost')).toHaveCount(0, { timeout: 20_000 });
  await expect(online).toHaveText('● online');
  await expect(feedback).not.toHaveAttribute('data-code', 'STATION_UNREACHABLE');
  await wedgeScan(page, text(2));
  await wedgeScan(page, url(2));
  await expect(feedback).toHaveText(/Position 2 saved\./);
  await expect(position).toHaveText('3');
  const labels = (await second.call('reels.show', { reelId, refresh: false })).labels;
  expect(labels.filter((l) => l.state !== 'expected').map((l) => l.position)).toEqual([1, 2]);

  // The same in German (the station's language, the page follows it): stopped again, said in German, for the screenshots.
  await second.call('station.language', { language: 'de' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await second.served.stop('SIGKILL');
  await expect(page.getByTestId('station-lost')).toBeVisible();
  await wedgeScan(page, text(3));
  await expect(notice).toHaveAttribute('data-kind', 'lost');
  await expect(notice).toContainText(`Scan ${text(3)} wurde nicht verwendet`);
  await expect(feedback).toContainText('Hier wartet nichts Gelesenes auf das Speichern');
  await lostScreenshots(page, 'de');
  third = await serveStation({ dataDir: first.dataDir, port: Number(new URL(origin).port) });
  await expect(page.getByTestId('station-lost')).toHaveCount(0, { timeout: 20_000 });
});

async function lostScreenshots(page: Page, lang: 'en' | 'de'): Promise<void> {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(viewport);
    await screenshot(page, `bench-station-lost-${viewport.width}x${viewport.height}-${lang}`);
  }
}
