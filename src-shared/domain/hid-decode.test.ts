import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeKeyboardReports, decodePosReport, joinPosReports, type PosReport } from './hid-decode';

/** Report bytes from test/fixtures/hid (one report per line, hex; `#` lines are comments). */
function fixture(name: string): Uint8Array[] {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'hid', name), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) =>
      Uint8Array.from(
        line
          .trim()
          .split(/\s+/)
          .map((h) => Number.parseInt(h, 16)),
      ),
    );
}

describe('keyboard boot reports', () => {
  it('decodes shift and right shift on the US layout', () => {
    expect(decodeKeyboardReports(fixture('keyboard-us-shift.hex'), 'US')).toEqual({ lines: ['Ab1!'], pending: '', unknown: [] });
  });

  it('decodes a German scanner on the DE layout (y/z swapped, AltGr, ß)', () => {
    expect(decodeKeyboardReports(fixture('keyboard-de-scanner.hex'), 'DE').lines).toEqual(['Zy-@ß']);
  });

  it('shows the mangling when the same reports are read as US', () => {
    const us = decodeKeyboardReports(fixture('keyboard-de-scanner.hex'), 'US');
    expect(us.lines).toEqual(['Yz/-']);
    expect(us.unknown).toEqual([{ usage: 0x14, report: 6 }]);
  });

  it('reports usages the layout has no character for', () => {
    const result = decodeKeyboardReports(fixture('keyboard-unknown-usages.hex'), 'US');
    expect(result.lines).toEqual(['ab']);
    expect(result.unknown.map((u) => u.usage)).toEqual([0x3a, 0x65]);
  });

  it('keeps GS sent as Ctrl+] and types a held key once', () => {
    expect(decodeKeyboardReports(fixture('keyboard-gs-ctrl.hex'), 'US').lines).toEqual(['01\u001d21']);
  });

  it('keeps text after the last Enter pending', () => {
    expect(decodeKeyboardReports([Uint8Array.of(0, 0, 0x04, 0, 0, 0, 0, 0)], 'US')).toEqual({ lines: [], pending: 'a', unknown: [] });
  });
});

describe('HID POS reports (usage page 0x8C)', () => {
  it('decodes one Code 128 report with its AIM id', () => {
    const [report] = fixture('pos-code128.hex');
    const decoded = decodePosReport(report as Uint8Array);
    expect(decoded.ok && decoded.report.symbology).toBe(']C0');
    expect(decoded.ok && new TextDecoder().decode(decoded.report.data)).toBe('REEL-0042');
  });

  it('joins a QR read split over two reports and keeps GS', () => {
    const reports = fixture('pos-qr-two-reports.hex').map((r) => {
      const d = decodePosReport(r);
      if (!d.ok) throw new Error(d.reason);
      return d.report;
    });
    const { reads, rest } = joinPosReports(reports);
    expect(rest).toEqual([]);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.symbology).toBe(']Q1');
    expect(new TextDecoder().decode(reads[0]?.data)).toBe('https://example.org/l/0123456789?x=\u001d0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  });

  it('keeps an unfinished read as rest', () => {
    const partial: PosReport = { symbology: ']Q1', data: Uint8Array.of(0x41), more: true };
    expect(joinPosReports([partial])).toEqual({ reads: [], rest: [partial] });
  });

  it('refuses other report ids and lengths beyond the report', () => {
    expect(decodePosReport(Uint8Array.of(0x01, 0, 0, 0))).toMatchObject({ ok: false });
    const bad = new Uint8Array(64);
    bad[0] = 2;
    bad[1] = 60;
    expect(decodePosReport(bad)).toMatchObject({ ok: false });
  });
});
