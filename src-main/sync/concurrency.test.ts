import { describe, expect, it } from 'vitest';
import { AdaptiveConcurrency } from './concurrency';

describe('adaptive concurrency', () => {
  it('rises by one per window of fast, clean answers, up to the highest bound', () => {
    const c = new AdaptiveConcurrency({ min: 1, max: 6 }, { start: 4 });
    for (let i = 0; i < 3; i += 1) c.answered(50);
    expect(c.limit).toBe(4);
    c.answered(50);
    expect(c.limit).toBe(5);
    for (let i = 0; i < 5; i += 1) c.answered(50);
    expect(c.limit).toBe(6);
    for (let i = 0; i < 100; i += 1) c.answered(50);
    expect(c.limit).toBe(6);
  });

  it('holds while answers come back much slower than the fastest (the service is queueing)', () => {
    const c = new AdaptiveConcurrency({ min: 1, max: 16 }, { start: 4 });
    c.answered(40);
    for (let i = 0; i < 50; i += 1) c.answered(40 * 3 + 151 + i);
    expect(c.limit).toBe(4);
    // A little slower than the fastest is still clean.
    for (let i = 0; i < 4; i += 1) c.answered(60);
    expect(c.limit).toBe(5);
  });

  it('halves on overload once per window, never below the lowest bound', () => {
    let now = 1_000;
    const c = new AdaptiveConcurrency({ min: 2, max: 16 }, { start: 12, now: () => now });
    c.overloaded(990);
    expect(c.limit).toBe(6);
    // Answers to requests sent before the decrease say nothing new.
    c.overloaded(995);
    c.overloaded(999);
    expect(c.limit).toBe(6);
    now = 2_000;
    c.overloaded(1_500);
    expect(c.limit).toBe(3);
    now = 3_000;
    c.overloaded(2_500);
    expect(c.limit).toBe(2);
    now = 4_000;
    c.overloaded(3_500);
    expect(c.limit).toBe(2);
  });

  it('an overload restarts the count of clean answers', () => {
    const c = new AdaptiveConcurrency({ min: 1, max: 16 }, { start: 4, now: () => 10 });
    for (let i = 0; i < 3; i += 1) c.answered(50);
    c.overloaded(20);
    expect(c.limit).toBe(2);
    c.answered(50);
    expect(c.limit).toBe(2);
    c.answered(50);
    expect(c.limit).toBe(3);
  });

  it('new bounds move the limit into them at once', () => {
    const c = new AdaptiveConcurrency({ min: 1, max: 16 }, { start: 8 });
    c.setBounds({ min: 1, max: 3 });
    expect(c.limit).toBe(3);
    c.setBounds({ min: 5, max: 10 });
    expect(c.limit).toBe(5);
  });
});
