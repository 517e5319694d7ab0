import { expect, test } from '@playwright/test';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';

// docs/architecture.md, "Renderer": the Bench tells the operator what happened. The bench takes the focus back once the Reel is chosen;
// "N of M on this Reel" is always shown; undo and skip each leave a line saying what they did; an acknowledged error
// stays as a neutral line; the session counters survive leaving the screen.

const text = (p: number) => `CHX-${String(p).padStart(7, '0')}`;
const url = (p: number) => `https://wine.example/p/${text(p)}`;

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  const { reelId } = await station.call('reels.create', {
    name: 'Feedback reel',
    expectedIdentifiers: [
      { tagType: 'QR', count: 1 },
      { tagType: 'TEXT', count: 1 },
    ],
  });
  await station.call('printRun.generate', { reelId, spec: { count: 20, prefix: 'CHX-', digits: 7, qr: 'https://wine.example/p/{serial}' }, expected: true });
});
test.afterAll(async () => {
  await station.stop();
});

test('the bench says what each action did and keeps its counters', async ({ page }) => {
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench`);
  const select = page.getByLabel('Reel', { exact: true });
  await select.focus();
  await select.selectOption({ label: 'Feedback reel' });
  await expect(page.getByTestId('bench-position')).toHaveText('1');
  await expect(page.getByTestId('bench')).toBeFocused();
  const progress = page.getByTestId('bench-reel-progress');
  await expect(progress).toHaveText('0 of 20');
  const feedback = page.getByTestId('bench-feedback');

  await wedgeScan(page, text(1));
  await wedgeScan(page, url(1));
  await expect(page.getByTestId('bench-position')).toHaveText('2');
  await expect(progress).toHaveText('1 of 20');
  await expect(page.getByTestId('bench-session-count')).toHaveText('1');

  await wedgeScan(page, text(2));
  // The read comes back from the station as a device read: F6 takes it back once it is on its slot.
  await expect(feedback).toHaveText(`✓TEXT ${text(2)}`);
  await page.keyboard.press('F6');
  await expect(feedback).toHaveText('✓The TEXT read was taken back: scan it again.');
  await page.keyboard.press('F7');
  await expect(feedback).toHaveText('✓Position 2 skipped: recorded as a gap.');
  await expect(page.getByTestId('bench-position')).toHaveText('3');

  await wedgeScan(page, 'CHX-9999999');
  await expect(feedback).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
  await expect(feedback).toHaveClass(/level-error/);
  await page.keyboard.press('Enter');
  await expect(feedback).toHaveClass(/level-none/);
  await expect(feedback).toContainText('Acknowledged:Misprint: CHX-9999999');

  await openScreen(page, 'Queue');
  await openScreen(page, 'Bench');
  await expect(page.getByTestId('bench-position')).toHaveText('3');
  await expect(page.getByTestId('bench-session-count')).toHaveText('1');
  await expect(progress).toHaveText('1 of 20');
});
