import { readFileSync } from 'node:fs';

/** One printed figure: the measured value, its raw baseline from the same run, and their ratio. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  /** How to read the ratio: 'higher' when a bigger value is better (throughput). */
  better: 'higher' | 'lower';
  target?: string;
}

export interface Bench {
  name: string;
  run(): Promise<BenchRow[]>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** Times `fn` `runs` times after `warmup` runs; returns every duration in ms. */
export async function timeRuns(runs: number, fn: () => Promise<unknown> | unknown, warmup = 1): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * The ratio printed beside a figure, oriented so that 1.0 means "as fast as the
 * raw baseline" and smaller means slower, whichever way the unit runs.
 */
function ratio(row: BenchRow): number | undefined {
  if (!row.baseline || row.baseline.value === 0 || row.value === 0) return undefined;
  return row.better === 'higher' ? row.value / row.baseline.value : row.baseline.value / row.value;
}

export function formatTable(rows: BenchRow[]): string {
  const lines = rows.map((row) => {
    const r = ratio(row);
    return [
      row.name,
      `${row.value.toFixed(2)} ${row.unit}`,
      row.baseline ? `${row.baseline.value.toFixed(2)} ${row.unit} (${row.baseline.name})` : '-',
      r === undefined ? '-' : r.toFixed(2),
      row.target ?? '',
    ];
  });
  const header = ['figure', 'value', 'raw baseline (same run)', 'ratio', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
  return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}

/**
 * This process's own peak RSS in MB. Not `process.resourceUsage().maxRSS`: on Linux that figure
 * survives the fork + exec that starts a child, so a child spawned by a parent holding 300 MB of
 * Buffers reports a peak of about 300 MB however little it uses (test/bench/harness.test.ts shows
 * it). `VmHWM` in /proc/self/status is the peak of this process's own memory since its exec.
 */
export function ownPeakRssMb(): number {
  try {
    const hwm = /^VmHWM:\s*(\d+)\s*kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) / 1024;
  } catch {
    // No procfs (macOS, Windows): the rusage figure, which there is this process's own.
  }
  return process.resourceUsage().maxRSS / 1024;
}
