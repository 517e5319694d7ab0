// The Reel report's figures from the times Labels were saved: the enrollment rate over time (Labels per bucket and
// per hour) and the time per Label (the pause before each save). Pure: times in, series out.

/** Bucket widths the rate chart chooses from, in seconds: the first that keeps the chart at most MAX_BUCKETS wide. */
const BUCKET_CHOICES = [60, 300, 900, 1800, 3600, 2 * 3600, 4 * 3600, 12 * 3600, 86_400, 7 * 86_400] as const;
const MAX_BUCKETS = 96;
/** A pause longer than this between two saves is a break (a meal, a shift change), not the time one Label took. */
export const BREAK_SECONDS = 600;

export interface RateSeries {
  bucketSeconds: number;
  /** Start of each bucket, epoch seconds (aligned to the bucket width). */
  t: number[];
  count: number[];
  perHour: number[];
}

/** The narrowest bucket width that spans first…last in at most MAX_BUCKETS buckets. */
export function bucketWidth(firstMs: number, lastMs: number): number {
  const span = Math.max(0, lastMs - firstMs) / 1000;
  return BUCKET_CHOICES.find((width) => Math.floor(span / width) + 1 <= MAX_BUCKETS) ?? (BUCKET_CHOICES.at(-1) as number);
}

/**
 * Labels saved per bucket, from the first save's bucket to the last's (empty buckets included, so the chart shows a
 * pause as a drop to zero). `timesMs` must be in ascending order.
 */
export function enrollmentRate(timesMs: readonly number[]): RateSeries {
  const first = timesMs[0];
  const last = timesMs.at(-1);
  if (first === undefined || last === undefined) return { bucketSeconds: BUCKET_CHOICES[0], t: [], count: [], perHour: [] };
  const width = bucketWidth(first, last);
  const start = Math.floor(first / 1000 / width) * width;
  const buckets = Math.floor((last / 1000 - start) / width) + 1;
  const count = new Array<number>(buckets).fill(0);
  for (const ms of timesMs) {
    const i = Math.min(buckets - 1, Math.floor((ms / 1000 - start) / width));
    count[i] = (count[i] ?? 0) + 1;
  }
  const t = count.map((_, i) => start + i * width);
  return { bucketSeconds: width, t, count, perHour: count.map((n) => (n * 3600) / width) };
}

export interface TimePerLabel {
  t: number[];
  seconds: number[];
  medianSeconds: number | null;
  p90Seconds: number | null;
  breaks: number;
  breakSeconds: number;
}

/** The q-quantile (0…1) of sorted values, linearly interpolated; null for none. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (at - lo);
}

/**
 * The time each Label took: the seconds since the save before it, for every save but the first. A pause longer than
 * BREAK_SECONDS is counted as a break and left out (it is not the time of one Label). `timesMs` ascending.
 */
export function timePerLabel(timesMs: readonly number[], breakSeconds = BREAK_SECONDS): TimePerLabel {
  const t: number[] = [];
  const seconds: number[] = [];
  let breaks = 0;
  for (let i = 1; i < timesMs.length; i += 1) {
    const gap = ((timesMs[i] as number) - (timesMs[i - 1] as number)) / 1000;
    if (gap > breakSeconds) {
      breaks += 1;
      continue;
    }
    t.push((timesMs[i] as number) / 1000);
    seconds.push(gap);
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  return { t, seconds, medianSeconds: quantile(sorted, 0.5), p90Seconds: quantile(sorted, 0.9), breaks, breakSeconds };
}

/** The offset (minutes east of UTC) of the process's time zone at an instant. */
export function localOffsetMinutes(at: Date): number {
  return -at.getTimezoneOffset();
}

/** A calendar day in a time zone given as minutes east of UTC: its start and end instants. */
export function dayBounds(day: string, utcOffsetMinutes: number): { from: Date; to: Date } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  const from = new Date(midnightUtc - utcOffsetMinutes * 60_000);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** Saves per hour (0–23) of the day that starts at `dayStartMs`. */
export function perHourOfDay(timesMs: readonly number[], dayStartMs: number): number[] {
  const hours = new Array<number>(24).fill(0);
  for (const ms of timesMs) {
    const hour = Math.floor((ms - dayStartMs) / 3_600_000);
    if (hour >= 0 && hour < 24) hours[hour] = (hours[hour] ?? 0) + 1;
  }
  return hours;
}
