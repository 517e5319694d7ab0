import { describe, expect, it } from 'vitest';
import { hostStatusEnd, parseHostStatus, zplReasons } from './zpl-status';

// ~HS as the ZPL II Programming Guide gives it: three <STX>…<ETX><CR><LF> strings of comma-separated fields.
const S = '\u0002';
const E = '\u0003';
const answer = (one: string, two: string, three = '1234,0') => `${S}${one}${E}\r\n${S}${two}${E}\r\n${S}${three}${E}\r\n`;

describe('~HS host status', () => {
  it('reads a ready printer: nothing in the buffer, nothing printing, no flag set', () => {
    const status = parseHostStatus(answer('030,0,0,0245,000,0,0,0,000,0,0,0', '001,0,0,0,1,2,6,0,00000000,1,000'));
    expect(status).toEqual({
      paperOut: false,
      paused: false,
      labelLengthDots: 245,
      formatsInBuffer: 0,
      bufferFull: false,
      corruptRam: false,
      underTemperature: false,
      overTemperature: false,
      headOpen: false,
      ribbonOut: false,
      labelsRemaining: 0,
    });
    expect(zplReasons(status)).toEqual([]);
  });

  it('reads paper out, pause, formats in the buffer, head up, ribbon out and labels remaining from their own fields', () => {
    const status = parseHostStatus(answer('030,1,1,0245,012,0,0,0,000,0,0,0', '001,0,1,1,1,2,6,0,00000003,1,000'));
    expect(status).toMatchObject({ paperOut: true, paused: true, formatsInBuffer: 12, headOpen: true, ribbonOut: true, labelsRemaining: 3 });
    expect(zplReasons(status)).toEqual(['media-empty', 'cover-open', 'marker-supply-empty', 'paused']);
  });

  it('waits for all three strings, and refuses an answer that is not the host status', () => {
    const whole = answer('030,0,0,0245,000,0,0,0,000,0,0,0', '001,0,0,0,1,2,6,0,00000000,1,000');
    expect(hostStatusEnd(whole.slice(0, whole.length - 10))).toBe(-1);
    expect(hostStatusEnd(`${whole}rest`)).toBe(whole.length);
    expect(() => parseHostStatus(`${S}030,0,0${E}\r\n`)).toThrow(/1 of its three strings/);
    expect(() => parseHostStatus(answer('030,0,0', '001,0,0,0,1,2,6,0,00000000,1,000'))).toThrow(/string 1 has 3 fields/);
    expect(() => parseHostStatus(answer('030,0,0,0245,0x1,0,0,0,000,0,0,0', '001,0,0,0,1,2,6,0,00000000,1,000'))).toThrow(/formats in the buffer/);
  });
});
