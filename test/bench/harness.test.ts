import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('ownPeakRssMb', () => {
  it("is a spawned child's own peak, where rusage maxRSS carries the memory its parent held at the spawn", () => {
    // The parent (this test) holds 300 MB of filled Buffers while it spawns the child.
    const held = Array.from({ length: 300 }, () => Buffer.alloc(1024 * 1024, 1));
    const harness = pathToFileURL(join(import.meta.dirname, 'harness.ts')).href;
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(harness)}).then((h) => console.log(JSON.stringify({ own: h.ownPeakRssMb(), rusage: process.resourceUsage().maxRSS / 1024 })))`,
      ],
      { encoding: 'utf8' },
    );
    expect(held.reduce((n, b) => n + (b[0] as number), 0)).toBe(300);
    const { own, rusage } = JSON.parse(out) as { own: number; rusage: number };
    expect(rusage).toBeGreaterThan(250);
    expect(own).toBeLessThan(rusage - 150);
    expect(own).toBeGreaterThan(10);
  });
});
