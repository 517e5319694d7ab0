// `npm run bench`: runs every benchmark and prints one table of figures, each
// with its ratio to a raw baseline measured in the same run (machines are noisy;
// absolute times drift, ratios much less). Pass names to run a subset (`npm run bench soak`: the long-shift soak alone).
import { bulkBindBench } from './bulk-bind.bench';
import { captureBench } from './capture.bench';
import { coreBench } from './core.bench';
import { formatTable, type Bench, type BenchRow } from './harness';
import { gradingBench } from './grading.bench';
import { networkBench } from './network.bench';
import { nfcEncodeBench } from './nfc-encode.bench';
import { opticalBench } from './optical.bench';
import { paceDayBench } from './pace-day.bench';
import { paceDrainBench } from './pace-drain.bench';
import { paceScanBench } from './pace-scan.bench';
import { printRunBench } from './print-run.bench';
import { printingBench } from './printing.bench';
import { printTemplateBench } from './print-template.bench';
import { reportBench } from './report.bench';
import { sandboxScaleBench } from './sandbox-scale.bench';
import { scannerBench } from './scanner.bench';
import { screensBench } from './screens.bench';
import { serviceClientBench } from './service-client.bench';
import { sharedFolderBench } from './shared-folder.bench';
import { sharedReelBench } from './shared-reel.bench';
import { shopDrainBench } from './shop-drain.bench';
import { soakBench } from './soak.bench';
import { startupBench } from './startup.bench';
import { uiBench } from './ui.bench';

const benches: Bench[] = [
  bulkBindBench,
  scannerBench,
  startupBench,
  captureBench,
  gradingBench,
  opticalBench,
  uiBench,
  screensBench,
  serviceClientBench,
  coreBench,
  networkBench,
  printRunBench,
  printingBench,
  printTemplateBench,
  nfcEncodeBench,
  reportBench,
  sharedReelBench,
  sandboxScaleBench,
  shopDrainBench,
  paceScanBench,
  paceDrainBench,
  paceDayBench,
  sharedFolderBench,
  soakBench,
];

const only = process.argv.slice(2);
const rows: BenchRow[] = [];
for (const bench of benches) {
  // A name as given (`"print template"`) or with hyphens for its spaces (`print-template`, as its file is named).
  if (only.length && !only.some((o) => bench.name.includes(o) || bench.name.replaceAll(' ', '-').includes(o))) continue;
  process.stderr.write(`running ${bench.name}…\n`);
  rows.push(...(await bench.run()));
}
process.stdout.write(`${formatTable(rows)}\n\nratio: 1.00 = as fast as the raw baseline; below 1 = slower.\n`);
