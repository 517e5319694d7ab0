// The answer of a ZPL printer to `~HS` (Host Status Return), read as the ZPL II Programming Guide specifies it:
// three strings, each <STX> … <ETX> <CR><LF>, with comma-separated fields (docs/printing.md, "ZPL printers"):
//
//   string 1  aaa,b,c,dddd,eee,f,g,h,iii,j,k,l
//             aaa communication settings, b paper out, c pause, dddd label length (dots), eee formats in the
//             receive buffer, f buffer full, g communications diagnostic mode, h partial format, iii unused,
//             j corrupt RAM, k under temperature, l over temperature
//   string 2  mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www
//             mmm function settings, n unused, o head up, p ribbon out, q thermal transfer mode, r print mode,
//             s print width mode, t label waiting, uuuuuuuu labels remaining in batch, v format while printing,
//             www graphic images stored
//   string 3  xxxx,y
//             xxxx password, y static RAM installed
//
// Flags are 1 (set) or 0.

const STX = '\u0002';
const ETX = '\u0003';

export interface ZplHostStatus {
  paperOut: boolean;
  paused: boolean;
  /** The print head is open (up). */
  headOpen: boolean;
  ribbonOut: boolean;
  bufferFull: boolean;
  corruptRam: boolean;
  underTemperature: boolean;
  overTemperature: boolean;
  /** Formats received and not yet started. */
  formatsInBuffer: number;
  /** Labels of the format being printed still to print (its ^PQ batch). */
  labelsRemaining: number;
  labelLengthDots: number;
}

/** The reasons the status gives, in the station's words for printer-state-reasons (reasons.ts). */
export function zplReasons(status: ZplHostStatus): string[] {
  const reasons: string[] = [];
  if (status.paperOut) reasons.push('media-empty');
  if (status.headOpen) reasons.push('cover-open');
  if (status.ribbonOut) reasons.push('marker-supply-empty');
  if (status.paused) reasons.push('paused');
  if (status.bufferFull) reasons.push('spool-area-full');
  if (status.corruptRam) reasons.push('memory-corrupt');
  if (status.underTemperature) reasons.push('head-temperature-low');
  if (status.overTemperature) reasons.push('head-temperature-high');
  return reasons;
}

/** How far `text` holds three whole strings: their end, or -1 while more bytes are to come. */
export function hostStatusEnd(text: string): number {
  let at = 0;
  for (let i = 0; i < 3; i += 1) {
    const start = text.indexOf(STX, at);
    if (start < 0) return -1;
    const end = text.indexOf(ETX, start);
    if (end < 0) return -1;
    at = end + 1;
  }
  // The CR LF after the third <ETX>, when it is there already.
  if (text.startsWith('\r\n', at)) at += 2;
  return at;
}

function fields(part: string, count: number, which: string): string[] {
  const values = part.split(',').map((v) => v.trim());
  if (values.length < count) throw new Error(`~HS ${which} has ${values.length} fields, the ZPL II guide gives it ${count}: ${JSON.stringify(part)}.`);
  return values;
}

function flag(value: string | undefined): boolean {
  return value === '1';
}

function count(value: string | undefined, what: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value ?? '') || !Number.isSafeInteger(n)) throw new Error(`~HS: ${what} is not a number (${JSON.stringify(value)}).`);
  return n;
}

/** Reads the three strings of a `~HS` answer; throws, naming what is wrong, on anything else. */
export function parseHostStatus(text: string): ZplHostStatus {
  const strings = [...text.matchAll(/\u0002([^\u0002\u0003]*)\u0003/g)].map((m) => m[1] as string);
  if (strings.length < 3) throw new Error(`~HS answered ${strings.length} of its three strings: ${JSON.stringify(text.slice(0, 120))}.`);
  const [one, two] = [fields(strings[0] as string, 12, 'string 1'), fields(strings[1] as string, 11, 'string 2')];
  return {
    paperOut: flag(one[1]),
    paused: flag(one[2]),
    labelLengthDots: count(one[3], 'the label length'),
    formatsInBuffer: count(one[4], 'the formats in the buffer'),
    bufferFull: flag(one[5]),
    corruptRam: flag(one[9]),
    underTemperature: flag(one[10]),
    overTemperature: flag(one[11]),
    headOpen: flag(two[2]),
    ribbonOut: flag(two[3]),
    labelsRemaining: count(two[8], 'the labels remaining in the batch'),
  };
}
