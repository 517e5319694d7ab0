import { describe, expect, it } from 'vitest';
import { LineAssembler, terminatorBytes } from './line-assembler';

const text = (s: string) => new TextEncoder().encode(s);
const lines = (out: ReturnType<LineAssembler['push']>) => out.map((l) => (l.kind === 'line' ? new TextDecoder().decode(l.bytes) : `overflow:${l.bytes}`));

describe('LineAssembler', () => {
  it('joins a line split over chunks and splits several lines in one chunk', () => {
    const a = new LineAssembler(terminatorBytes('CRLF'), 100);
    expect(lines(a.push(text('AB')))).toEqual([]);
    expect(a.pending).toBe(true);
    expect(lines(a.push(text('C\r')))).toEqual([]);
    expect(lines(a.push(text('\nD\r\nE\r\n')))).toEqual(['ABC', 'D', 'E']);
    expect(a.pending).toBe(false);
  });

  it('drops a line that outgrows the limit as one overflow, then reads on', () => {
    const a = new LineAssembler(terminatorBytes('CR'), 8);
    expect(lines(a.push(text('0123456789')))).toEqual([]);
    expect(lines(a.push(text('ABCDEF\rOK\r')))).toEqual(['overflow:16', 'OK']);
  });

  it('uses custom terminators and refuses one without bytes', () => {
    const a = new LineAssembler(terminatorBytes('custom', '0304'), 100);
    expect(lines(a.push(Uint8Array.of(0x41, 0x03, 0x04, 0x42, 0x03, 0x04)))).toEqual(['A', 'B']);
    expect(() => terminatorBytes('custom')).toThrow(RangeError);
  });
});
