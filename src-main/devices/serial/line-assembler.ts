import type { LineTerminator } from '../../../src-shared/ipc/devices';

/** One assembled scanner line, or a line that grew past the limit and was dropped. */
export type AssembledLine = { kind: 'line'; bytes: Uint8Array } | { kind: 'overflow'; bytes: number };

const CR = 0x0d;
const LF = 0x0a;

export function terminatorBytes(terminator: LineTerminator, customHex?: string): Uint8Array {
  switch (terminator) {
    case 'CR':
      return Uint8Array.of(CR);
    case 'LF':
      return Uint8Array.of(LF);
    case 'CRLF':
      return Uint8Array.of(CR, LF);
    case 'custom': {
      const hex = customHex ?? '';
      if (hex.length < 2) throw new RangeError('A custom line terminator needs its bytes as hex, e.g. "03".');
      return Uint8Array.from(hex.match(/../g) as string[], (h) => Number.parseInt(h, 16));
    }
  }
}

/**
 * Joins the chunks a serial port delivers into scanner lines (a line may arrive split
 * across several reads, or several lines in one). A line longer than `maxBytes` is
 * dropped as one overflow so garbage on the wire cannot grow memory. A CR or LF left
 * over from a CRLF scanner configured as CR or LF is not a line of its own.
 */
export class LineAssembler {
  readonly #terminator: Uint8Array;
  readonly #maxBytes: number;
  #parts: Uint8Array[] = [];
  #length = 0;
  #overflow = 0;

  constructor(terminator: Uint8Array, maxBytes: number) {
    this.#terminator = terminator;
    this.#maxBytes = maxBytes;
  }

  /** True while part of a line is waiting for its terminator. */
  get pending(): boolean {
    return this.#length > 0 || this.#overflow > 0;
  }

  push(chunk: Uint8Array): AssembledLine[] {
    const out: AssembledLine[] = [];
    const data = this.#length > 0 ? concat([...this.#parts, chunk]) : chunk;
    this.#parts = [];
    this.#length = 0;
    let start = 0;
    for (;;) {
      const end = indexOf(data, this.#terminator, start);
      if (end < 0) break;
      const line = this.#stripStray(data.subarray(start, end));
      if (this.#overflow > 0) {
        out.push({ kind: 'overflow', bytes: this.#overflow + line.length });
        this.#overflow = 0;
      } else if (line.length > this.#maxBytes) out.push({ kind: 'overflow', bytes: line.length });
      else if (line.length > 0 || end === start) out.push({ kind: 'line', bytes: line });
      start = end + this.#terminator.length;
    }
    const rest = data.subarray(start);
    if (this.#overflow > 0 || rest.length > this.#maxBytes) this.#overflow += rest.length;
    else if (rest.length > 0) {
      this.#parts = [rest.slice()];
      this.#length = rest.length;
    }
    return out;
  }

  #stripStray(line: Uint8Array): Uint8Array {
    if (this.#terminator.length !== 1) return line;
    const other = this.#terminator[0] === CR ? LF : this.#terminator[0] === LF ? CR : undefined;
    if (other === undefined) return line;
    let s = 0;
    let e = line.length;
    if (other === LF && line[0] === LF) s = 1;
    if (other === CR && line[e - 1] === CR) e -= 1;
    return line.subarray(s, e);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0] as number;
  for (let i = haystack.indexOf(first, from); i >= 0 && i <= haystack.length - needle.length; i = haystack.indexOf(first, i + 1)) {
    let match = true;
    for (let k = 1; k < needle.length; k += 1) {
      if (haystack[i + k] !== needle[k]) {
        match = false;
        break;
      }
    }
    if (match) return i;
  }
  return -1;
}
