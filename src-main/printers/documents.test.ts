import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { generateRows } from '../print-run';
import { labelPdfParts } from './documents';

// docs/printing.md, "What a printer gets": an IPP job's PDF goes in parts, the first of 25 labels, each next one half
// as large again, up to 100; a position's copies stay in one part.

let dir: ReturnType<typeof tempDir>;
beforeEach(() => (dir = tempDir('documents-')));
afterEach(() => dir.remove());

async function parts(count: number, copies: number): Promise<number[]> {
  const rows = [...generateRows({ count, prefix: 'P-', qr: 'https://example.test/{serial}' })];
  const sizes: number[] = [];
  for await (const part of labelPdfParts(rows, copies, '50x30', join(dir.path, 'tmp'))) {
    const file = join(dir.path, `part-${sizes.length}.pdf`);
    writeFileSync(file, part.bytes);
    expect(Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1])).toBe(part.labels);
    sizes.push(part.labels);
  }
  return sizes;
}

describe('labelPdfParts', () => {
  it('grows the parts after the first 25 labels, up to 100 a part', async () => {
    expect(await parts(400, 1)).toEqual([25, 38, 57, 86, 100, 94]);
  });

  it('keeps a position’s copies in one part', async () => {
    expect(await parts(40, 3)).toEqual([24, 36, 57, 3]);
  });
});
