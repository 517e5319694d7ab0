import { describe, expect, it } from 'vitest';
import { BREAK_SECONDS, bucketWidth, dayBounds, enrollmentRate, perHourOfDay, quantile, timePerLabel } from './series';

const T0 = Date.UTC(2025, 2, 3, 8, 0, 0); // Monday 08:00 UTC
const at = (seconds: number) => T0 + seconds * 1000;

describe('enrollment rate over time', () => {
  it('counts saves per bucket from the first bucket to the last, empty buckets included, and as Labels per hour', () => {
    // 20 minutes of work: 3 saves in the first 5 minutes, none in the second, 2 in the third, 1 in the fourth.
    const times = [0, 60, 200, 620, 700, 1190].map(at);
    const rate = enrollmentRate(times);
    expect(rate.bucketSeconds).toBe(60);
    expect(rate.t[0]).toBe(T0 / 1000);
    expect(rate.t).toHaveLength(20);
    expect(rate.count.reduce((a, b) => a + b, 0)).toBe(6);
    expect(rate.count.slice(0, 4)).toEqual([1, 1, 0, 1]);
    expect(rate.count[10]).toBe(1);
    expect(rate.count[19]).toBe(1);
    expect(rate.perHour[0]).toBe(60);
  });

  it('widens the buckets so a long Reel stays at most 96 buckets wide', () => {
    expect(bucketWidth(at(0), at(95 * 60))).toBe(60);
    expect(bucketWidth(at(0), at(96 * 60))).toBe(300);
    expect(bucketWidth(at(0), at(3 * 86_400))).toBe(3600);
    const times = Array.from({ length: 10_000 }, (_, i) => at(i * 20)); // 10,000 Labels, one every 20 s: 55.6 h
    const rate = enrollmentRate(times);
    expect(rate.bucketSeconds).toBe(3600);
    expect(rate.t.length).toBeLessThanOrEqual(96);
    expect(rate.count.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(rate.perHour[1]).toBe(180);
  });

  it('is empty without saves', () => {
    expect(enrollmentRate([])).toEqual({ bucketSeconds: 60, t: [], count: [], perHour: [] });
  });
});

describe('time per Label', () => {
  it('is the pause before each save after the first; median and 90th percentile', () => {
    const times = [0, 10, 22, 30, 45, 50, 70, 80, 88, 100, 130].map(at);
    const tpl = timePerLabel(times);
    expect(tpl.seconds).toEqual([10, 12, 8, 15, 5, 20, 10, 8, 12, 30]);
    expect(tpl.t[0]).toBe(at(10) / 1000);
    expect(tpl.medianSeconds).toBe(11);
    expect(tpl.p90Seconds).toBeCloseTo(21, 6);
    expect(tpl.breaks).toBe(0);
  });

  it('leaves a break out of the series and the figures, and counts it', () => {
    const times = [0, 10, 20, 20 + BREAK_SECONDS + 1, 30 + BREAK_SECONDS + 1].map(at);
    const tpl = timePerLabel(times);
    expect(tpl.seconds).toEqual([10, 10, 10]);
    expect(tpl.breaks).toBe(1);
    expect(tpl.medianSeconds).toBe(10);
  });

  it('has no figures for fewer than two saves', () => {
    expect(timePerLabel([at(0)])).toMatchObject({ t: [], seconds: [], medianSeconds: null, p90Seconds: null, breaks: 0 });
  });

  it('quantiles interpolate between neighbours', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([7], 0.9)).toBe(7);
  });
});

describe('a shift day', () => {
  it('is the calendar day in the time zone asked for', () => {
    const { from, to } = dayBounds('2025-03-03', 60);
    expect(from.toISOString()).toBe('2025-03-02T23:00:00.000Z');
    expect(to.toISOString()).toBe('2025-03-03T23:00:00.000Z');
  });

  it('counts saves per local hour, leaving out saves of other days', () => {
    const { from } = dayBounds('2025-03-03', 60);
    const hours = perHourOfDay([at(0), at(59 * 60), at(3600), at(-10 * 3600), at(17 * 3600)], from.getTime());
    // 08:00 UTC is 09:00 at UTC+1; 22:00 UTC the day before and 01:00 UTC the day after are other days there.
    expect(hours[9]).toBe(2);
    expect(hours[10]).toBe(1);
    expect(hours[0]).toBe(0);
    expect(hours.reduce((a, b) => a + b, 0)).toBe(3);
  });
});
