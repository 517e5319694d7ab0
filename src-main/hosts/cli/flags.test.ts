import { describe, expect, it } from 'vitest';
import { UsageError } from './context';
import { identifiersFrom, parseCommand, valueFlagOptions } from './flags';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('parseCommand', () => {
  const spec = {
    command: 'move',
    options: {
      reel: { type: 'string' },
      from: { type: 'number' },
      timeout: { type: 'number', min: 1 },
      port: { type: 'number', min: 0, max: 65535, what: 'a port number' },
      preview: { type: 'boolean' },
      serial: { type: 'string', multiple: true },
    },
  } as const;

  it('reads texts, switches, repeated flags and whole numbers (both --flag V and --flag=V)', () => {
    const { values, positionals } = parseCommand(['--reel', 'R1', '--from=0', '--timeout', '30', '--preview', '--serial', 'a', '--serial', 'b'], spec);
    expect(values).toEqual({ reel: 'R1', from: 0, timeout: 30, preview: true, serial: ['a', 'b'] });
    expect(positionals).toEqual([]);
  });

  it('leaves a flag that was not given undefined', () => {
    expect(parseCommand([], spec).values).toEqual({});
  });

  it.each(['x', '1.5', '-1', '', ' 5', '1e3', '0x10', '9007199254740992'])(
    'refuses --from %j (not a whole number in digits, or too big), naming the flag',
    (text) => {
      expect(refusal(() => parseCommand([`--from=${text}`], spec))).toBe(`--from must be a whole number 0 or more (got "${text}").`);
    },
  );

  it('refuses a number below the lowest or above the highest, saying the range and what the number is', () => {
    expect(refusal(() => parseCommand(['--timeout', '0'], spec))).toBe('--timeout must be a whole number 1 or more (got "0").');
    expect(refusal(() => parseCommand(['--port', '65536'], spec))).toBe('--port must be a port number, a whole number from 0 to 65535 (got "65536").');
    expect(parseCommand(['--port', '65535'], spec).values.port).toBe(65535);
  });

  it('refuses stray positional arguments, naming them and the command, with the hint', () => {
    expect(refusal(() => parseCommand(['extra', '--reel', 'R1'], spec))).toBe('move takes no positional arguments (got "extra").');
    expect(refusal(() => parseCommand(['x'], { command: 'devices', options: {}, hint: 'Use "devices" or "devices watch".' }))).toBe(
      'devices takes no positional arguments (got "x"). Use "devices" or "devices watch".',
    );
  });

  it('counts the positional arguments a command takes', () => {
    const show = { command: 'reel show', options: { refresh: { type: 'boolean' } }, positionals: ['REEL'] } as const;
    expect(parseCommand(['R1', '--refresh'], show)).toEqual({ values: { refresh: true }, positionals: ['R1'] });
    expect(refusal(() => parseCommand([], show))).toBe('reel show needs REEL (exactly one; got none).');
    expect(refusal(() => parseCommand(['R1', 'R2'], show))).toBe('reel show needs REEL (exactly one; got "R1 R2").');
  });

  it("refuses an unknown flag and a flag without its value in parseArgs' words, naming the flag", () => {
    expect(refusal(() => parseCommand(['--frobnicate'], spec))).toMatch(/^move: Unknown option '--frobnicate'/);
    expect(refusal(() => parseCommand(['--reel'], spec))).toMatch(/^move: Option '--reel <value>' argument missing/);
    // A number flag takes a value too.
    expect(refusal(() => parseCommand(['--from'], spec))).toMatch(/--from <value>' argument missing/);
  });
});

describe('the value flags', () => {
  it('turn into identifiers in flag order, a repeated flag once per value', () => {
    const { values } = parseCommand(['--nfc', '04A1', '--text', 'T1', '--text', 'T2', '--svc', 'x.png'], {
      command: 'verify check',
      options: valueFlagOptions(true),
    });
    expect(identifiersFrom(values)).toEqual([
      { tagType: 'TEXT', value: 'T1' },
      { tagType: 'TEXT', value: 'T2' },
      { tagType: 'NFC', value: '04A1' },
    ]);
  });
});
