import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { chromium, type Page } from '@playwright/test';
import { printPageToPdf } from '../../src-main/hosts/web/report-pdf';
import { serveStation } from '../helpers/e2e/serve';
import { repoRoot } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';
import { median, timeRuns, type Bench, type BenchRow } from './harness';

// The Reel report of a 10,000-Label Reel (src-main/reports/README.md), against `station serve` and Debian's Chromium:
// - report.reel through the web host's contract, beside the same rows read straight from SQLite;
// - the report page: navigation → both uPlot charts drawn (first render), beside a static page of the same size
//   (the report's own markup, its two charts drawn with the bare canvas API);
// - PDF export (report.pdf: Chromium prints the report page), beside Chromium printing that static page.
// The Reel: 10,000 Labels saved over a 14-hour day (5 s apart, a pause every 500), all on the service, a sample drawn.

const LABELS = 10_000;
const RENDER_RUNS = 5;
const PDF_RUNS = 3;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'];

async function drawnAfterLoad(page: Page, url: string, mark: string): Promise<number> {
  await page.goto(url);
  await page.reload();
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 120_000 });
  return page.evaluate((name) => performance.getEntriesByName(name)[0]?.startTime ?? 0, mark);
}

/** The report's markup as the page drew it, with its two charts drawn by the bare canvas API: a page of the same size. */
function staticPage(markup: string, rate: { t: number[]; perHour: number[] }, time: { t: number[]; seconds: number[] }): string {
  const data = JSON.stringify({ rate, time });
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:sans-serif}canvas{width:100%;height:220px}</style></head>
<body>${markup.replace(/<div[^>]*class="uplot-chart"[^>]*>[\s\S]*?<\/div><\/figure>/g, '<canvas class="bare" width="700" height="220"></canvas></figure>')}
<script>
const { rate, time } = ${data};
function draw(canvas, xs, ys, bars) {
  const g = canvas.getContext('2d');
  const [x0, x1] = [Math.min(...xs), Math.max(...xs) || 1];
  const y1 = Math.max(...ys) || 1;
  g.fillStyle = bars ? 'rgba(42,111,78,0.45)' : '#1f4e8c';
  xs.forEach((x, i) => {
    const px = ((x - x0) / (x1 - x0 || 1)) * (canvas.width - 10);
    const py = canvas.height - (ys[i] / y1) * (canvas.height - 10);
    if (bars) g.fillRect(px, py, Math.max(2, canvas.width / xs.length - 2), canvas.height - py);
    else g.fillRect(px, py, 3, 3);
  });
}
const canvases = document.querySelectorAll('canvas.bare');
draw(canvases[0], rate.t, rate.perHour, true);
draw(canvases[1], time.t, time.seconds, false);
requestAnimationFrame(() => { performance.mark('static:painted'); document.documentElement.dataset.reportReady = 'ready'; });
</script></body></html>`;
}

export const reportBench: Bench = {
  name: 'Reel report',
  async run() {
    if (!existsSync(join(repoRoot, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npx electron-vite build` first.');
    const station = await serveStation();
    const files = tempDir('station-bench-report-');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const db = new Database(join(station.dataDir, 'station.sqlite3'));
    db.pragma('busy_timeout = 10000');
    try {
      await station.call('profiles.connect', { kind: 'sandbox' });
      // Nothing is sent: the Labels are put on the "service" below, as the report reads them.
      await station.call('sync.pause', {});
      const { reelId } = await station.call('reels.create', { name: 'Report 10k', expectedIdentifiers: [{ tagType: 'QR', count: 1 }] });
      const csv = ['position,qr', ...Array.from({ length: LABELS }, (_, n) => `${n + 1},RB-${n + 1}`)].join('\n');
      await station.call('labels.import', { reelId, csv });
      // A day's work: each save 5 s after the one before, a 20-minute pause every 500 Labels; every Label on the service.
      const start = Date.parse('2025-03-03T06:00:00.000Z');
      db.transaction(() => {
        const saves = db
          .prepare("SELECT audit_id FROM audit_log WHERE action = 'label.enroll' AND json_extract(detail, '$.reelId') = ? ORDER BY audit_id")
          .all(reelId) as { audit_id: number }[];
        const setAt = db.prepare('UPDATE audit_log SET at = ? WHERE audit_id = ?');
        saves.forEach((row, n) => setAt.run(new Date(start + n * 5_000 + Math.floor(n / 500) * 1_200_000).toISOString(), row.audit_id));
        db.prepare("UPDATE labels SET state = 'enrolled', service_id = 'bench-' || position WHERE reel_id = ?").run(reelId);
      })();
      const plan = await station.call('verify.plan', { reelId, seed: 1 });

      // report.reel through the contract, and the same rows read straight from SQLite.
      const contract = await timeRuns(5, () => station.call('report.reel', { reelId }));
      const raw = await timeRuns(5, () => {
        db.prepare('SELECT state, COUNT(*) AS n FROM labels WHERE reel_id = ? GROUP BY state').all(reelId);
        db.prepare("SELECT at FROM audit_log WHERE json_extract(detail, '$.reelId') = ? AND action = 'label.enroll' ORDER BY at").all(reelId);
        db.prepare('SELECT position, attention FROM labels WHERE reel_id = ? AND attention IS NOT NULL').all(reelId);
        db.prepare("SELECT at, action FROM audit_log WHERE json_extract(detail, '$.reelId') = ? AND action IN ('label.skip','label.void','label.undo')").all(
          reelId,
        );
        db.prepare("SELECT * FROM outbox WHERE subject = ? AND kind IN ('bulkBind','activateReel')").all(reelId);
        db.prepare('SELECT * FROM verification_samples WHERE verification_id = ?').all(plan.verificationId);
      });

      // The report page: navigation → both charts drawn; and the static page of the same size.
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.addInitScript('window.__name = (f) => f');
      await page.goto(station.served.ready.url);
      const base =
        page
          .url()
          .split('#')[0]
          ?.replace(/\?token=.*$/, '') ?? '';
      const url = `${base}#/report?reel=${encodeURIComponent(reelId)}`;
      const firstRender: number[] = [];
      const dataToDrawn: number[] = [];
      for (let run = 0; run < RENDER_RUNS; run += 1) {
        firstRender.push(await drawnAfterLoad(page, url, 'reel-report:drawn'));
        dataToDrawn.push(
          await page.evaluate(
            () =>
              (performance.getEntriesByName('reel-report:drawn')[0]?.startTime ?? 0) - (performance.getEntriesByName('reel-report:data')[0]?.startTime ?? 0),
          ),
        );
      }
      const report = await station.call('report.reel', { reelId });
      const markup = await page.locator('[data-testid="reel-report"]').evaluate((element) => element.outerHTML);
      const staticFile = join(files.path, 'static-report.html');
      writeFileSync(staticFile, staticPage(markup, report.enrollment.rate, report.enrollment.timePerLabel));
      const staticUrl = pathToFileURL(staticFile).href;
      const staticRender: number[] = [];
      for (let run = 0; run < RENDER_RUNS; run += 1) staticRender.push(await drawnAfterLoad(page, staticUrl, 'static:painted'));

      // PDF export through the contract (Chromium prints the report page), and Chromium printing the static page.
      const pdf = await timeRuns(PDF_RUNS, () => station.call('report.pdf', { reelId }), 1);
      const staticPdf = await timeRuns(PDF_RUNS, () => printPageToPdf(staticUrl), 1);

      const rows: BenchRow[] = [
        {
          name: `report.reel ${LABELS} Labels (contract over HTTP), median`,
          value: median(contract),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'same rows straight from SQLite', value: median(raw) },
        },
        {
          name: `report page ${LABELS} Labels: load → charts drawn, median`,
          value: median(firstRender),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'static page of the same size', value: median(staticRender) },
        },
        { name: `report page ${LABELS} Labels: data → charts drawn, median`, value: median(dataToDrawn), unit: 'ms', better: 'lower' },
        {
          name: `report PDF export ${LABELS} Labels, median`,
          value: median(pdf),
          unit: 'ms',
          better: 'lower',
          baseline: { name: 'Chromium printing the static page', value: median(staticPdf) },
        },
      ];
      return rows;
    } finally {
      db.close();
      await browser.close();
      await station.stop();
      files.remove();
    }
  },
};
