import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRows, parsePrintRunSpec } from './generate';
import { TemplateDrawer, preflight } from './preflight';

// The preflight checks every label (docs/print-run.md, "Preflight"), each counted as it goes, and ends before its next
// label when canceled. The template's Code 128 near the label's edge fits a serial of digits only and runs off with a
// letter for its check character (ISO 7064 mod 37-36), so serials 28–57 pass and fail in a pattern no sample of the
// first and last labels would catch.

const EDGE = readFileSync(join(import.meta.dirname, '../../test/fixtures/templates/bar-code-edge.zpl'), 'utf8');
const SPEC = parsePrintRunSpec({ count: 30, start: 28, digits: 5, check: 'iso7064-mod37-36', qr: 'https://example.test/{serial}', barCode: '{serial}' });

describe('preflight', () => {
  it('finds every label that fails, in the rows’ order, counting each as it goes', async () => {
    const drawer = new TemplateDrawer(EDGE, { stock: '50x30', dpi: 203 });
    const rows = [...generateRows(SPEC)];
    const failing = rows.filter((r) => !/\d$/.test(r.serial)).map((r) => r.position);
    const counted: number[] = [];
    const report = await preflight(drawer, rows, { checked: (labels) => counted.push(labels) });
    expect(report.labels).toBe(30);
    expect(counted).toEqual(rows.map((_, i) => i + 1));
    expect(failing.length).toBeGreaterThan(10);
    expect(report.findings.map((f) => f.position)).toEqual(failing);
    expect(report.findings.every((f) => f.code === 'barCode' && f.problem === 'unread')).toBe(true);
  }, 120_000);

  it('canceled, ends before its next label', async () => {
    const drawer = new TemplateDrawer(EDGE, { stock: '50x30', dpi: 203 });
    const abort = new AbortController();
    const report = await preflight(drawer, generateRows(SPEC), {
      signal: abort.signal,
      checked: (labels) => {
        if (labels === 5) abort.abort();
      },
    });
    expect(report).toMatchObject({ labels: 5, canceled: true });
  }, 120_000);
});
