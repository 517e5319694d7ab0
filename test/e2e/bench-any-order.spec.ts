import { expect, test, type Page } from '@playwright/test';
import { openScreen, screenshot, serveStation, type ServedStation } from '../helpers/e2e/station';
import { wedgeScan } from '../helpers/e2e/wedge';

// Operators scan in any order, with a keyboard wedge that sends no symbology (docs/devices.md, "Fitting
// reads to slots"). A Reel of 60 with a generated print run (TEXT `CHX-0000017`, QR `https://wine.example/p/…`):
// TEXT first or QR first, every position is saved with the right values and no false "Misprint"; a value on no
// position is a misprint named in words, another position's value a misorder. The same without print data, by the
// shape of the values. And a scan made while the focus is in a select or a text field is used, never lost.

const text = (p: number) => `CHX-${String(p).padStart(7, '0')}`;
const url = (p: number) => `https://wine.example/p/${text(p)}`;

let station: ServedStation;
let printed: string;
let plain: string;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
  const composition = [
    { tagType: 'QR' as const, count: 1 },
    { tagType: 'TEXT' as const, count: 1 },
  ];
  ({ reelId: printed } = await station.call('reels.create', { name: 'Printed reel', expectedIdentifiers: composition }));
  ({ reelId: plain } = await station.call('reels.create', { name: 'Plain reel', expectedIdentifiers: composition }));
  const run = await station.call('printRun.generate', {
    reelId: printed,
    spec: { count: 60, prefix: 'CHX-', digits: 7, qr: 'https://wine.example/p/{serial}' },
    expected: true,
  });
  expect(run.expected).toBe(60);
});
test.afterAll(async () => {
  await station.stop();
});

/** A keyboard-wedge scan, no AIM prefix. */
const wedge = wedgeScan;

/** Opens the Bench on a Reel; returns the position it starts at. */
async function openBench(page: Page, reelId: string): Promise<number> {
  await page.goto(`${new URL(station.served.ready.url).origin}/?token=${station.served.ready.token}#/bench?reel=${encodeURIComponent(reelId)}`);
  await expect(page.getByTestId('bench-position')).toHaveText(/^\d+$/);
  return Number(await page.getByTestId('bench-position').innerText());
}

async function identifiersAt(reelId: string, position: number): Promise<string[]> {
  const label = (await station.call('reels.show', { reelId, refresh: false })).labels.find((l) => l.position === position);
  return (label?.state === 'expected' ? [] : (label?.identifiers ?? [])).map((i) => `${i.tagType} ${i.value}`).sort();
}

test('with print data, TEXT or QR first: each position saved, no false misprint; misprint and misorder in words', async ({ page }) => {
  expect(await openBench(page, printed)).toBe(1);
  const position = page.getByTestId('bench-position');
  const feedback = page.getByTestId('bench-feedback');

  // One slot is marked as asked for next: the first one waiting (QR), and after TEXT came first it is still QR.
  const next = page.locator('.slots [aria-current="step"]');
  await expect(next).toHaveCount(1);
  await expect(next).toHaveAttribute('data-testid', 'slot-QR');
  await expect(next).toContainText('next: scan');
  // TEXT first (the false "Misprint"), then QR.
  await wedge(page, text(1));
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', `TEXT: ${text(1)}`);
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', 'QR: waiting');
  await expect(next).toHaveAttribute('data-testid', 'slot-QR');
  await expect(feedback).toHaveAttribute('data-code', 'READ_PLACED');
  await wedge(page, url(1));
  await expect(position).toHaveText('2');
  // QR first, then TEXT: the mark moves on to TEXT.
  await wedge(page, url(2));
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', `QR: ${url(2)}`);
  await expect(next).toHaveAttribute('data-testid', 'slot-TEXT');
  await wedge(page, text(2));
  await expect(position).toHaveText('3');
  // A serial scanner that sends AIM ids, mixed with the wedge.
  await station.call('devices.inject', { device: 'virtual:scanner', data: `]Q1${url(3)}` });
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', `QR: ${url(3)}`);
  await wedge(page, text(3).toLowerCase());
  await expect(position).toHaveText('4');
  await expect.poll(() => identifiersAt(printed, 1)).toEqual([`QR ${url(1)}`, `TEXT ${text(1)}`]);
  expect(await identifiersAt(printed, 2)).toEqual([`QR ${url(2)}`, `TEXT ${text(2)}`]);
  expect(await identifiersAt(printed, 3)).toEqual([`QR ${url(3)}`, `TEXT ${text(3).toLowerCase()}`]);

  // A value on no position of the print data, under any type: a misprint, named in words; Enter goes on.
  await wedge(page, 'CHX-9999999');
  await expect(feedback).toHaveAttribute('data-code', 'PRINT_DATA_MISMATCH');
  await expect(feedback).toContainText(`Misprint: CHX-9999999 is on no position of the print data, under any type (TEXT ${text(4)} belongs here).`);
  await page.keyboard.press('Enter');
  await expect(feedback).toHaveAttribute('data-blocked', 'false');

  // Another position's TEXT: a misorder naming both positions.
  await wedge(page, text(6));
  await expect(feedback).toHaveAttribute('data-code', 'MISORDER');
  await expect(feedback).toContainText(`Misorder: position 4 read ${text(6)}, which belongs to position 6.`);
  await screenshot(page, 'bench-any-order-misorder');
  await page.keyboard.press('Enter');
  await wedge(page, text(4));
  await wedge(page, url(4));
  await expect(position).toHaveText('5');
  expect(await identifiersAt(printed, 4)).toEqual([`QR ${url(4)}`, `TEXT ${text(4)}`]);
});

test('without print data, TEXT or QR first: a URL is the QR, the rest the printed TEXT', async ({ page }) => {
  expect(await openBench(page, plain)).toBe(1);
  const position = page.getByTestId('bench-position');
  await wedge(page, 'PLAIN-0001');
  await expect(page.getByTestId('slot-TEXT')).toHaveAttribute('aria-label', 'TEXT: PLAIN-0001');
  await wedge(page, 'https://plain.example/1');
  await expect(position).toHaveText('2');
  await wedge(page, 'https://plain.example/2');
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', 'QR: https://plain.example/2');
  await wedge(page, 'PLAIN-0002');
  await expect(position).toHaveText('3');
  await expect.poll(() => identifiersAt(plain, 1)).toEqual(['QR https://plain.example/1', 'TEXT PLAIN-0001']);
  expect(await identifiersAt(plain, 2)).toEqual(['QR https://plain.example/2', 'TEXT PLAIN-0002']);
});

test('a scan while the focus is in the Reel select is used; one typed into a text field is taken out and named', async ({ page }) => {
  const first = await openBench(page, printed);
  const select = page.getByLabel('Reel', { exact: true });
  await select.focus();
  await wedge(page, url(first));
  await expect(page.getByTestId('slot-QR')).toHaveAttribute('aria-label', `QR: ${url(first)}`);
  await expect(select).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Bench: Printed reel' })).toBeVisible();
  expect(await select.inputValue()).toBe(printed);
  await wedge(page, text(first));
  await expect(page.getByTestId('bench-position')).toHaveText(String(first + 1));

  // Verify's Seed field: the scan is taken back out of it, used as a scan, and the notice names the field.
  await openScreen(page, 'Verify');
  const seed = page.getByLabel('Seed');
  await seed.click();
  await wedge(page, text(first + 1));
  await expect(page.getByTestId('scan-in-field')).toHaveText(
    `A scan was typed into "Seed": ${text(first + 1)}. It was taken out of the field and used as a scan.`,
  );
  await expect(seed).toHaveValue('');
  // A person typing into the field keeps what they type.
  await seed.pressSequentially('42', { delay: 120 });
  await expect(seed).toHaveValue('42');
});
