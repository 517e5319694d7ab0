import { describe, expect, it } from 'vitest';
import {
  COUNT_INCREMENTS,
  HOUR_INCREMENTS,
  TIME_INCREMENTS,
  bucketUnit,
  countRange,
  hourLabel,
  hourlyBars,
  minuteRange,
  timeTickLabel,
  zeroBasedRange,
} from './chart-axes';

describe('chart axes (docs/architecture.md, "Renderer": charts that tell the truth)', () => {
  it('names a bucket by its width: "per hour" only for hourly buckets', () => {
    expect(bucketUnit(60)).toEqual({ unit: 'minute', count: 1 });
    expect(bucketUnit(300)).toEqual({ unit: 'minute', count: 5 });
    expect(bucketUnit(900)).toEqual({ unit: 'minute', count: 15 });
    expect(bucketUnit(1800)).toEqual({ unit: 'minute', count: 30 });
    expect(bucketUnit(3600)).toEqual({ unit: 'hour', count: 1 });
    expect(bucketUnit(2 * 3600)).toEqual({ unit: 'hour', count: 2 });
    expect(bucketUnit(12 * 3600)).toEqual({ unit: 'hour', count: 12 });
    expect(bucketUnit(86_400)).toEqual({ unit: 'day', count: 1 });
    expect(bucketUnit(7 * 86_400)).toEqual({ unit: 'week', count: 1 });
  });

  it('starts every count axis at 0 and ends it on a whole tick above the largest value', () => {
    expect(countRange(0)).toEqual([0, 4]);
    expect(countRange(1)).toEqual([0, 4]);
    expect(countRange(3)).toEqual([0, 4]);
    expect(countRange(30)).toEqual([0, 40]);
    expect(countRange(29)).toEqual([0, 40]);
    expect(countRange(1712)).toEqual([0, 2000]);
    for (const max of [0, 1, 2, 7, 13, 99, 250, 4321]) {
      const [low, high] = countRange(max);
      expect(low).toBe(0);
      expect(high).toBeGreaterThanOrEqual(max);
      expect(Number.isInteger(high)).toBe(true);
    }
  });

  it('has only whole-number count ticks, whole-hour hour ticks and whole-minute time ticks', () => {
    for (const inc of COUNT_INCREMENTS) expect(Number.isInteger(inc)).toBe(true);
    for (const inc of HOUR_INCREMENTS) expect(Number.isInteger(inc)).toBe(true);
    for (const inc of TIME_INCREMENTS) expect(inc % 60).toBe(0);
  });

  it('starts a measurement axis at 0, with room above its largest value', () => {
    expect(zeroBasedRange(0)).toEqual([0, 1]);
    expect(zeroBasedRange(Number.NaN)).toEqual([0, 1]);
    const [low, high] = zeroBasedRange(0.97);
    expect(low).toBe(0);
    expect(high).toBeGreaterThan(0.97);
  });

  it('widens a time axis to whole minutes, at least one, so it always has HH:MM ticks', () => {
    expect(minuteRange(1_000_005, 1_000_025)).toEqual([999_960, 1_000_020 + 60]);
    expect(minuteRange(120, 120)).toEqual([120, 180]);
    expect(minuteRange(125, 400)).toEqual([120, 420]);
  });

  it('labels times as HH:MM (24-hour), with the date when the chart spans more than a day', () => {
    const at = new Date(2026, 10, 26, 3, 5).getTime() / 1000;
    expect(timeTickLabel(at, 3600, 'en')).toBe('03:05');
    expect(timeTickLabel(at + 11 * 3600, 3600, 'de')).toBe('14:05');
    expect(timeTickLabel(at, 3 * 86_400, 'de')).toBe('26.11. 03:05');
    expect(hourLabel(0)).toBe('00:00');
    expect(hourLabel(14)).toBe('14:00');
  });

  it("puts an hour's bar between its tick and the next, on a whole day", () => {
    const perHour = Array.from({ length: 24 }, (_, hour) => (hour === 7 ? 3 : 0));
    const bars = hourlyBars(perHour);
    expect(bars.range).toEqual([0, 24]);
    // 07:00–08:00's count stands at 7.5: right of the 07:00 tick, left of 08:00.
    expect(bars.x[7]).toBe(7.5);
    expect(bars.y[7]).toBe(3);
    expect(bars.x).toHaveLength(24);
  });
});
