import { rmSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { rangesInWords } from '../../src-shared/domain/position-ranges';
import { startFakeZplPrinter, type FakeZplPrinter } from '../helpers/zpl-printer';
import { serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';
import { daemonPort } from '../helpers/ports';

// Printer states that are live and the Print dialog across a station's death (docs/printing.md, "Printer states" and
// "After an interruption"), on the ZPL printer of test/helpers:
// - a printer's change (paper out, paper back, unreachable when the printer is gone) is shown within 5 s on
//   Devices → Printers, in the Print dialog and on the Bench's printer setting, all three open at once;
// - `station serve` killed mid-job: the open dialog says the station does not answer (no live job, no Stop); the
//   station started again on the same data folder and port: the dialog shows the interrupted job with its split
//   (printed / not printed / unconfirmed) and Resume, and Resume prints exactly the rest (each position once).
// English and German. The timed state checks run at 1366×768 in English and at 1920×1080 in German (all four combos
// would double the run for the same code paths); every state is photographed at both sizes in both languages.

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
type Lang = 'en' | 'de';

const WORDS = {
  en: {
    printers: 'Printers',
    printer: 'Printer',
    benchPrinter: 'The bench’s printer (reprints)',
    openDialog: (reel: string) => `Print the labels of Reel “${reel}”`,
    dialog: (reel: string) => `Print Reel “${reel}”`,
    setUp: (reel: string) => `Prepare print run for ${reel}`,
    ready: 'ready',
    paperOutRow: 'stoppedpaper out',
    paperOutOption: 'stopped (paper out)',
    paperOutBench: 'stopped: paper out',
    unreachable: 'not reachable',
    start: 'Start printing',
    stop: 'Stop',
    resume: 'Resume',
    silent: 'The station does not answer',
    printed: 'Printed: ',
    notPrinted: 'Not printed: ',
    unconfirmed: 'May have printed (the printer could not say): ',
    stationStopped: 'Printing stopped: the station stopped during the job.',
    done: (ranges: string) => `✓ Done: positions ${ranges} printed on Line Zebra.`,
  },
  de: {
    printers: 'Drucker',
    printer: 'Drucker',
    benchPrinter: 'Drucker des Arbeitsplatzes (Nachdrucke)',
    openDialog: (reel: string) => `Die Labels der Rolle „${reel}“ drucken`,
    dialog: (reel: string) => `Rolle „${reel}“ drucken`,
    setUp: (reel: string) => `Druckauftrag vorbereiten für ${reel}`,
    ready: 'bereit',
    paperOutRow: 'angehaltenPapier leer',
    paperOutOption: 'angehalten (Papier leer)',
    paperOutBench: 'angehalten: Papier leer',
    unreachable: 'nicht erreichbar',
    start: 'Drucken starten',
    stop: 'Anhalten',
    resume: 'Fortsetzen',
    silent: 'Der Arbeitsplatz antwortet nicht',
    printed: 'Gedruckt: ',
    notPrinted: 'Nicht gedruckt: ',
    unconfirmed: 'Vielleicht gedruckt (der Drucker konnte es nicht sagen): ',
    stationStopped: 'Druck angehalten: der Arbeitsplatz wurde während des Auftrags beendet.',
    done: (ranges: string) => `✓ Fertig: Positionen ${ranges} auf Line Zebra gedruckt.`,
  },
} as const;

/** The position each format the printer printed carries (the print run's "#N" field). */
const positionOf = (format: string) => Number(/\^FD#(\d+)\^FS/.exec(format)?.[1]);

async function createReel(station: ServedStation, name: string, count: number): Promise<string> {
  const { reelId } = await station.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  await station.call('printRun.generate', { reelId, spec: { count, prefix: 'LIVE-', digits: 4, qr: 'https://example.test/{serial}' }, expected: true });
  return reelId;
}

async function openDialog(page: Page, station: ServedStation, lang: Lang, reel: string): Promise<Locator> {
  const w = WORDS[lang];
  await page.goto(`${station.served.ready.url}#/reels`);
  await chooseReelSetUp(page, reel, w.setUp(reel));
  await page.getByRole('button', { name: w.openDialog(reel) }).click();
  const dialog = page.getByRole('dialog', { name: w.dialog(reel) });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Each page at both sizes, the part that shows the printers in view (`shown`: its locator, or the page's dialog). */
async function shoot(
  pages: Record<string, Page>,
  name: string,
  lang: Lang,
  back: { width: number; height: number },
  shown: Record<string, Locator> = {},
): Promise<void> {
  for (const size of SIZES) {
    for (const [screen, page] of Object.entries(pages)) {
      await page.setViewportSize(size);
      await shown[screen]?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/e2e/screens/printer-live-${name}-${screen}-${size.width}-${lang}.png` });
    }
  }
  for (const page of Object.values(pages)) await page.setViewportSize(back);
}

test.describe('printer states, live', () => {
  let station: ServedStation;
  test.beforeAll(async () => {
    station = await serveStation();
    await station.call('profiles.connect', { kind: 'sandbox' });
  });
  test.afterAll(async () => {
    await station.call('station.language', { language: 'en' });
    await station.stop();
  });

  for (const [lang, size] of [
    ['en', SIZES[0]],
    ['de', SIZES[1]],
  ] as const) {
    test(`${lang} at ${size.width}×${size.height}: paper out, paper back, unreachable, shown within 5 s on Devices, in the Print dialog and on the Bench`, async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000);
      const w = WORDS[lang];
      const printer: FakeZplPrinter = await startFakeZplPrinter();
      let closed = false;
      const name = 'Line Zebra';
      try {
        await station.call('printers.add', { name, zpl: printer.address });
        await station.call('print.benchPrinter', { name });
        const reel = `Live ${lang}`;
        const reelId = await createReel(station, reel, 6);
        await station.call('station.language', { language: lang });

        const devices = page;
        await devices.setViewportSize(size);
        await devices.goto(`${station.served.ready.url}#/devices`);
        const row = devices
          .getByRole('region', { name: w.printers })
          .getByRole('table', { name: w.printers })
          .getByRole('row', { name: /^Line Zebra/ });
        await expect(row).toContainText(w.ready);

        const dialogPage = await context.newPage();
        await dialogPage.setViewportSize(size);
        const dialog = await openDialog(dialogPage, station, lang, reel);
        const option = dialog.getByLabel(w.printer).locator('option:checked');
        await expect(option).toHaveText(`${name}: ${w.ready}`);

        const bench = await context.newPage();
        await bench.setViewportSize(size);
        await bench.goto(`${station.served.ready.url}#/bench?reel=${encodeURIComponent(reelId)}`);
        const benchState = bench.getByTestId('bench-printer-state');
        await expect(benchState).toHaveText(w.ready);
        const pages = { devices, dialog: dialogPage, bench };
        const shown = { devices: devices.getByRole('region', { name: w.printers }), bench: bench.getByTestId('bench-printer') };

        // Devices' bench printer: its state beside the select, and in its option, as the row above says it.
        const devicesBench = devices.getByTestId('devices-bench-printer-state');
        const devicesBenchOption = devices.getByRole('combobox', { name: w.benchPrinter }).locator('option:checked');

        /** All three screens show the change within 5 s of it (docs/printing.md, "Printer states"). */
        const within5s = async (what: string, rowText: string, optionText: string, benchText: string, mark: string) => {
          const since = Date.now();
          await Promise.all([
            expect(row).toContainText(rowText, { timeout: 5_000 }),
            expect(option).toHaveText(optionText, { timeout: 5_000 }),
            expect(benchState).toHaveText(benchText, { timeout: 5_000 }),
            expect(devicesBench).toHaveText(`${mark} ${benchText}`, { timeout: 5_000 }),
            expect(devicesBenchOption).toHaveText(`${name}: ${benchText}`, { timeout: 5_000 }),
          ]);
          test.info().annotations.push({ type: 'shown', description: `${lang} ${what}: all three screens in ${Date.now() - since} ms` });
        };

        printer.paperOutAfter(0);
        await within5s('paper out', w.paperOutRow, `${name}: ${w.paperOutOption}`, w.paperOutBench, '✖');
        await expect(dialog.getByTestId('print-dialog-printer-state')).toBeVisible();
        await shoot(pages, 'paper-out', lang, size, shown);

        printer.loadPaper();
        await within5s('paper back', w.ready, `${name}: ${w.ready}`, w.ready, '●');
        await expect(row).not.toContainText(w.paperOutRow);

        await printer.close();
        closed = true;
        await within5s('unreachable', w.unreachable, `${name}: ${w.unreachable}`, w.unreachable, '○');
        await shoot(pages, 'unreachable', lang, size, shown);
      } finally {
        if (!closed) await printer.close();
        await station.call('print.benchPrinter', { name: null });
        await station.call('printers.remove', { name });
      }
    });
  }
});

test.describe('the Print dialog across a restart', () => {
  for (const lang of ['en', 'de'] as const) {
    // English: a printer without an odometer (what it printed after the station died is unconfirmed); German: with one
    // (its count is the record). Both finish their buffer after the station is killed, as a Zebra does.
    const odometer = lang === 'de';
    test(`${lang}, printer ${odometer ? 'with' : 'without'} an odometer: station killed mid-job, said in the dialog; started again, the interrupted job with its split and Resume, each position printed once`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const w = WORDS[lang];
      const count = 30;
      const printer = await startFakeZplPrinter({ labelMs: 150, odometer });
      // On a port no other program is handed while this station is stopped (test/helpers/ports.ts): it starts again on it.
      const port = await daemonPort();
      const first = await serveStation({ port });
      let second: ServedStation | undefined;
      try {
        await first.call('profiles.connect', { kind: 'sandbox' });
        await first.call('printers.add', { name: 'Line Zebra', zpl: printer.address });
        const reel = `Restart ${lang}`;
        const reelId = await createReel(first, reel, count);
        await first.call('station.language', { language: lang });
        await page.setViewportSize(SIZES[0]);
        const dialog = await openDialog(page, first, lang, reel);
        await expect(dialog.getByLabel(w.printer)).toHaveValue('Line Zebra');
        await expect(dialog.getByLabel(lang === 'en' ? 'Last position' : 'Letzte Position')).toHaveValue(String(count));
        await dialog.getByRole('button', { name: w.start }).click();
        await expect(dialog.getByTestId('print-dialog-printing')).toBeVisible();
        await expect(dialog.getByRole('button', { name: w.stop })).toBeVisible();
        await expect.poll(() => printer.printed.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);

        // Killed: no goodbye to the page. The printer without an odometer finishes what it holds; the one with an
        // odometer runs out of paper 3 labels later, holding the rest (the station started again cancels it).
        const atKill = printer.printed.length;
        if (odometer) printer.paperOutAfter(3);
        await first.served.stop('SIGKILL');
        const silent = dialog.getByTestId('print-dialog-silent');
        await expect(silent).toContainText(w.silent, { timeout: 15_000 });
        await expect(dialog.getByTestId('print-dialog-printing')).toHaveCount(0);
        await expect(dialog.getByRole('button', { name: w.stop })).toHaveCount(0);
        await shoot({ dialog: page }, 'silent', lang, SIZES[0]);

        if (odometer) await expect.poll(() => printer.printed.length, { timeout: 30_000 }).toBe(atKill + 3);
        else await expect.poll(() => printer.idle(), { timeout: 30_000 }).toBe(true);
        const out = printer.printed.map(positionOf);
        expect(out.length).toBeLessThan(count);
        expect(out).toEqual(Array.from({ length: out.length }, (_, i) => i + 1));

        // Started again on the same folder and port: the job left printing is stopped, its printer asked.
        second = await serveStation({ dataDir: first.dataDir, port });
        const station = second;
        const interrupted = await station.call('print.interrupted', { reelId });
        expect(interrupted).not.toBeNull();
        const job = interrupted!;
        expect(job.state).toBe('stopped');
        // What came out is printed or unconfirmed, never "not printed"; the rest is not printed.
        const expand = (ranges: [number, number][]) => ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
        expect([...expand(job.printed), ...expand(job.unconfirmed)].sort((a, b) => a - b)).toEqual(out);
        expect(expand(job.notPrinted)).toEqual(Array.from({ length: count - out.length }, (_, i) => out.length + 1 + i));
        if (odometer) expect(job.unconfirmed).toEqual([]);
        else expect(job.unconfirmed.length).toBeGreaterThan(0);

        const stopped = dialog.getByTestId('print-dialog-stopped');
        const split = async (d: Locator) => {
          const box = d.getByTestId('print-dialog-stopped');
          await expect(box).toContainText(w.stationStopped);
          await expect(box).toContainText(`${w.printed}${job.printed.length ? rangesInWords(job.printed) : lang === 'en' ? 'none' : 'keine'}`);
          await expect(box).toContainText(`${w.notPrinted}${rangesInWords(job.notPrinted)}`);
          if (job.unconfirmed.length)
            await expect(d.getByTestId('print-dialog-unconfirmed')).toContainText(`${w.unconfirmed}${rangesInWords(job.unconfirmed)}`);
          else await expect(d.getByTestId('print-dialog-unconfirmed')).toHaveCount(0);
          await expect(d.getByRole('button', { name: w.resume })).toBeVisible();
          await expect(d.getByRole('button', { name: w.stop })).toHaveCount(0);
        };
        // The dialog left open finds the station again by itself and shows the job as it is now.
        await expect(silent).toHaveCount(0, { timeout: 20_000 });
        await expect(stopped).toBeVisible({ timeout: 20_000 });
        await split(dialog);

        // Opened afresh (a new page): the interrupted job at once, with its split and Resume.
        const again = await openDialog(page, station, lang, reel);
        await split(again);
        await shoot({ dialog: page }, 'interrupted', lang, SIZES[0]);

        printer.loadPaper();
        await again.getByRole('button', { name: w.resume }).click();
        await expect(again.getByTestId('print-dialog-done')).toHaveText(w.done(rangesInWords(job.notPrinted)), { timeout: 60_000 });
        await expect.poll(() => printer.idle(), { timeout: 30_000 }).toBe(true);
        // Each position came out exactly once: none twice, none never.
        expect(printer.printed.map(positionOf)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
        await shoot({ dialog: page }, 'resumed', lang, SIZES[0]);
      } finally {
        await second?.stop();
        await first.served.stop('SIGKILL');
        rmSync(first.dataDir, { recursive: true, force: true });
        await printer.close();
      }
    });
  }
});
