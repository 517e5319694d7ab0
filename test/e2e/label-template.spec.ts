import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';

// Reels → Print run → the label template (docs/print-run.md, "Templates"): a ZebraDesigner template added from the
// screen is the Reel's template, the commands that change the printer beyond the label are said, and the run's first
// labels are drawn as they will print, each checked; an SVG template chosen is drawn as its page. At 1366×768 and
// 1920×1080, in English and German.

const FIXTURES = join(import.meta.dirname, '../fixtures/templates');
const ZPL = join(FIXTURES, 'zebradesigner.zpl');

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  await station.call('printRun.templateAdd', { name: 'brand', body: readFileSync(join(FIXTURES, 'label.svg'), 'utf8') });
});
test.afterAll(async () => {
  await station.stop();
});

async function reelWithData(name: string) {
  const { reelId } = await station.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
      { tagType: 'DATA_MATRIX', count: 1 },
    ],
  });
  await station.call('printRun.generate', {
    reelId,
    spec: { count: 12, prefix: 'TPL-', digits: 4, qr: 'https://example.test/{serial}', dataMatrix: 'DM{serial}' },
    expected: true,
  });
  return reelId;
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`label template at ${viewport.width}×${viewport.height}: added, chosen, its first labels drawn and checked`, async ({ page }) => {
    const reel = `Template ${viewport.width}`;
    const reelId = await reelWithData(reel);
    await page.setViewportSize(viewport);
    await page.goto(station.served.ready.url);
    await openScreen(page, 'Reels');
    await chooseReelSetUp(page, reel, `Prepare print run for ${reel}`);
    const panel = page.getByTestId('label-template');
    await expect(panel.getByLabel('Print with')).toHaveValue('');
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('group', { name: 'Add a template (.zpl or .svg)' }).getByRole('button', { name: 'Choose a file…' }).click();
    await (await chooser).setFiles(ZPL);
    await expect(panel.getByLabel('Print with')).toHaveValue('zebradesigner');
    await expect(panel.getByTestId('label-template-commands')).toContainText('^JUS');
    const labels = panel.getByTestId('label-template-preview').getByRole('img');
    await expect(labels).toHaveCount(3);
    await expect(panel.getByTestId('label-template-preview')).toHaveAttribute('data-kind', 'zpl');
    await expect(panel.getByRole('img', { name: 'Label at position 1' })).toBeVisible();
    await expect(panel.getByTestId('label-template-preview')).toContainText('Position 1: its codes read back as their values.');
    expect((await station.call('printRun.reelTemplate', { reelId })).template).toBe('zebradesigner');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/e2e/screens/label-template-zpl-${viewport.width}.png` });

    await panel.getByLabel('Print with').selectOption('brand');
    await expect(panel.getByTestId('label-template-preview')).toHaveAttribute('data-kind', 'svg');
    await expect(panel.getByTestId('label-template-commands')).toHaveCount(0);
    await expect(panel.getByText('This template has no place for {data_matrix}')).toBeVisible();
    await expect(panel.getByTestId('label-template-preview')).toContainText('Position 3: its codes read back as their values.');
    await page.screenshot({ path: `test-results/e2e/screens/label-template-svg-${viewport.width}.png` });
    await station.call('printRun.templateRemove', { name: 'zebradesigner' });
  });
}

test('label template in German: a code that does not fit is named in the catalog’s words', async ({ page }) => {
  const reel = 'Rolle Vorlage';
  const reelId = await reelWithData(reel);
  const body = readFileSync(ZPL, 'utf8').replace('^BQN,2,4', '^BQN,2,2');
  await station.call('printRun.templateAdd', { name: 'klein', body });
  await station.call('printRun.reelTemplate', { reelId, template: 'klein' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(station.served.ready.url);
  await openScreen(page, 'Settings');
  await page.getByLabel('Language').selectOption('de');
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Rollen', exact: true }).click();
  await chooseReelSetUp(page, reel, `Druckauftrag vorbereiten für ${reel}`);
  const panel = page.getByTestId('label-template');
  await expect(panel.getByLabel('Drucken mit')).toHaveValue('klein');
  await expect(panel.getByTestId('label-template-preview')).toContainText('Position 1 würde nicht gedruckt: Modulgröße von QR-Code: 2 Druckpunkte, unter 3');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/e2e/screens/label-template-de.png' });
});
