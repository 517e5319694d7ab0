import { formatsFor } from './format';

// The charts' axes and units, decided by pure functions (docs/architecture.md, "Charts"): every y axis starts at 0,
// a count's unit is its bucket ("per hour" only from hourly buckets), counts have whole-number ticks, and time ticks
// read HH:MM, spaced so that their labels do not overlap at 1366 px. Tick numbers and dates follow the UI language
// (components/format.ts; uPlot's own would follow the browser's). UPlotChart draws what these choose.

/** A bucket's width in words: "per minute", "per 5 minutes", "per hour", "per 2 hours", "per day", "per week". */
export interface BucketUnit {
  unit: 'minute' | 'hour' | 'day' | 'week';
  count: number;
}

const UNITS: readonly [BucketUnit['unit'], number][] = [
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** The largest whole unit a bucket of `seconds` is made of (900 s → 15 minutes, 7200 s → 2 hours). */
export function bucketUnit(seconds: number): BucketUnit {
  for (const [unit, size] of UNITS) if (seconds >= size && seconds % size === 0) return { unit, count: seconds / size };
  return { unit: 'minute', count: seconds / 60 };
}

/** Steps between count ticks: whole numbers only (never a tick at 0.5 Labels). */
export const COUNT_INCREMENTS: readonly number[] = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 50_000, 100_000];

/** A count axis from 0 to a little above the largest value, at least 0…4 so a chart of zeros or ones has whole ticks. */
export function countRange(max: number): [number, number] {
  if (!Number.isFinite(max) || max <= 0) return [0, 4];
  const step = COUNT_INCREMENTS.find((inc) => max / inc <= 5) ?? (COUNT_INCREMENTS.at(-1) as number);
  return [0, Math.max(4, Math.ceil((max * 1.05) / step) * step)];
}

/** A measurement's axis (seconds per Label) from 0 to a little above the largest value. */
export function zeroBasedRange(max: number): [number, number] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  return [0, max * 1.1];
}

/** Steps between time ticks, in seconds: whole minutes and hours, so every tick is a readable HH:MM. */
export const TIME_INCREMENTS: readonly number[] = [
  60,
  120,
  300,
  600,
  900,
  1_800,
  3_600,
  2 * 3_600,
  3 * 3_600,
  6 * 3_600,
  12 * 3_600,
  86_400,
  2 * 86_400,
  7 * 86_400,
];
/** Least room between two time ticks, in px: "23:45" and a gap, or "26.11. 23:45" over spans of days. */
export const TIME_TICK_SPACE = 64;

/** A time axis from the whole minute before the first point to the whole minute after the last, at least a minute: a
 * chart of a few seconds still has two HH:MM ticks. */
export function minuteRange(min: number, max: number): [number, number] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 60];
  const low = Math.floor(min / 60) * 60;
  return [low, Math.max(low + 60, Math.ceil(max / 60) * 60)];
}

/**
 * A time tick's label: HH:MM (24-hour, the local time) when the chart spans at most a day, else the date and
 * HH:MM. `locale` formats the date.
 */
export function timeTickLabel(epochSeconds: number, spanSeconds: number, locale: string): string {
  const at = new Date(epochSeconds * 1000);
  const hhmm = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  if (spanSeconds <= 86_400) return hhmm;
  return `${formatsFor(locale).dayMonth(at)} ${hhmm}`;
}

/** A y axis's tick labels as numbers of the UI language ("1.000" and "0,5" in German). */
export function numberTicks(locale: string): (chart: unknown, ticks: number[]) => string[] {
  const format = formatsFor(locale);
  return (_chart, ticks) => ticks.map((tick) => format.number(tick));
}

/**
 * A day's counts per hour as bars: each bar spans its hour, between its HH:00 tick and the next (so 07:00–08:00's
 * count is right of the 07:00 tick, not centred on it), on an axis from 00:00 to 24:00.
 */
export function hourlyBars(perHour: readonly number[]): { x: number[]; y: number[]; range: [number, number] } {
  return { x: perHour.map((_, hour) => hour + 0.5), y: [...perHour], range: [0, 24] };
}

/** An hour of the day (0–24) as HH:00. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** Steps between hour-of-day ticks: whole hours (never "2:30"). */
export const HOUR_INCREMENTS: readonly number[] = [1, 2, 3, 4, 6, 12];
