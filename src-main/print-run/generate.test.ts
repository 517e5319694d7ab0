import * as cdigit from 'cdigit';
import digitalLink from 'digital-link.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom, type SeededRandom } from '../../src-shared/domain/random';
import { StationError } from '../../src-shared/ipc/envelope';
import {
  CHECK_ALGORITHMS,
  CHECK_ALGORITHM_IMPLEMENTATIONS,
  checkCoversPrefix,
  generateRows,
  lastNumber,
  parsePrintRunSpec,
  previewRows,
  type CheckAlgorithm,
  type PrintRunSpecInput,
} from './generate';

const QR = 'https://example.test/{serial}';

function problemsOf(input: unknown): string[] {
  try {
    parsePrintRunSpec(input);
  } catch (error) {
    expect(error).toBeInstanceOf(StationError);
    expect((error as StationError).code).toBe('STATION_INVALID_INPUT');
    return (error as StationError).detail?.problems as string[];
  }
  throw new Error('the spec was accepted');
}

function first(spec: PrintRunSpecInput) {
  return generateRows(spec).next().value;
}

describe('serials: golden values', () => {
  // Hand-verified: GTIN (GS1 mod 10) of 400638133393 is 1; Luhn of 7992739871 is 3; Damm of 572 is 4;
  // ISO 7064 MOD 37,36 of A12425GABC1234002 is M (computed with the standard's hybrid recursion).
  it.each([
    ['gs1', { start: 400638133393, digits: 12 }, '4006381333931'],
    ['luhn', { start: 7992739871, digits: 10 }, '79927398713'],
    ['damm', { start: 572, digits: 3 }, '5724'],
    ['iso7064-mod37-36', { start: 1234002, digits: 7, prefix: 'A12425GABC' }, 'A12425GABC1234002M'],
  ] as const)('%s', (check, numbering, serial) => {
    const row = first({ count: 1, qr: QR, check, ...numbering });
    expect(row?.serial).toBe(serial);
    expect(row?.text).toBe(serial);
  });

  it('the numeric algorithms cover the padded number only, not the prefix', () => {
    expect(first({ count: 1, start: 572, digits: 3, prefix: 'LOT-9/', suffix: '-Z', check: 'damm', qr: QR })?.serial).toBe('LOT-9/5724-Z');
    // Luhn over "000001" is 8 (the zeros count as digits of the padded number).
    expect(first({ count: 1, check: 'luhn', qr: QR })?.serial).toBe('0000018');
  });

  it('pads, steps, adds prefix and suffix, and numbers positions from firstPosition', () => {
    const rows = [...generateRows({ start: 95, count: 4, step: 5, digits: 4, prefix: 'R-', suffix: '/A', firstPosition: 11, qr: QR })];
    expect(rows.map((r) => [r.position, r.serial])).toEqual([
      [11, 'R-0095/A'],
      [12, 'R-0100/A'],
      [13, 'R-0105/A'],
      [14, 'R-0110/A'],
    ]);
    expect(first({ count: 1, qr: QR })).toEqual({ position: 1, serial: '000001', text: '000001', qr: 'https://example.test/000001' });
  });

  it('fills the templates: qr URI-encodes {serial}; dataMatrix and barCode take {serial}, {number} and {position}', () => {
    const row = first({
      start: 7,
      count: 1,
      digits: 3,
      prefix: 'A B/',
      firstPosition: 40,
      qr: 'https://example.test/l/{serial}?p={position}',
      dataMatrix: '{serial}|{number}|{position}',
      barCode: 'N{number}',
    });
    expect(row).toEqual({
      position: 40,
      serial: 'A B/007',
      text: 'A B/007',
      qr: 'https://example.test/l/A%20B%2F007?p=40',
      dataMatrix: 'A B/007|007|40',
      barCode: 'N007',
    });
  });

  it('builds a GS1 Digital Link with the serial as AI 21, percent-encoding what the grammar asks', () => {
    const row = first({ count: 1, prefix: 'A/B', check: 'luhn', qr: { gs1: { gtin: '04006381333931', domain: 'https://id.example.test/' } } });
    expect(row?.qr).toBe('https://id.example.test/01/04006381333931/21/A%2FB0000018');
    const link = digitalLink.DigitalLink({
      domain: 'https://id.example.test',
      identifier: { '01': '04006381333931' },
      keyQualifiers: { '21': 'A%2FB0000018' },
    });
    expect(link.toWebUriString()).toBe(row?.qr);
    expect(link.isValid()).toBe(true);
  });
});

describe('spec problems name the field and what to do', () => {
  it('a number longer than digits', () => {
    expect(problemsOf({ start: 1, count: 1200, digits: 3, qr: QR })).toEqual([
      'digits 3 is too few for the last number 1200 (4 digits): use --digits 4 or more',
    ]);
  });

  it('ranges, types, unknown settings and a missing qr, all at once', () => {
    const problems = problemsOf({ count: 0, step: 0, digits: 2.5, start: -1, check: 'mod11', foo: 1 });
    expect(problems).toEqual(
      expect.arrayContaining([
        'count 0 is not a whole number from 1 to 1,000,000: use --count in that range (split a bigger run into several)',
        'step 0 is not a whole number of 1 or more: use --step with 1 or more',
        'digits 2.5 is not a whole number from 1 to 20: use --digits in that range',
        'start -1 is not a whole number of 0 or more: use --start with the first label’s number',
        'check "mod11" is not a check algorithm: use --check gs1, luhn, damm, iso7064-mod37-36, or leave it out',
        expect.stringMatching(/^unknown setting\(s\) foo: a print run takes start, count/),
        expect.stringMatching(/^qr must be a URL template containing \{serial\}.*use --qr-template$/),
      ]),
    );
    expect(problemsOf({ count: 1_000_001, qr: QR })[0]).toMatch(/^count 1000001 is not a whole number from 1 to 1,000,000/);
    // A field wrong by itself is one problem: the checks across fields wait for it.
    expect(problemsOf({ count: 5, digits: 0, qr: QR })).toEqual(['digits 0 is not a whole number from 1 to 20: use --digits in that range']);
  });

  it('ISO 7064 MOD 37-36 refuses a prefix outside 0-9A-Z', () => {
    expect(problemsOf({ count: 1, prefix: 'ab-', check: 'iso7064-mod37-36', qr: QR })).toEqual([
      'prefix "ab-" has "a", "b", "-", which ISO 7064 MOD 37-36 cannot protect (it covers 0-9 and A-Z only): use digits and uppercase letters in --prefix, or another --check',
    ]);
    expect(first({ count: 1, prefix: 'AB', check: 'iso7064-mod37-36', qr: QR })?.serial).toBe('AB000001Q');
  });

  it('templates: qr needs {serial} and a web address; placeholders are known; every label gets its own value', () => {
    expect(problemsOf({ count: 1, qr: 'https://example.test/{number}' })).toEqual([
      expect.stringMatching(/^qr "https:\/\/example.test\/\{number\}" has no \{serial\}: use --qr/),
    ]);
    expect(problemsOf({ count: 1, qr: 'example/{serial}' })).toEqual([
      expect.stringMatching(/does not make a web address \(first label: "example\/000001"\): use --qr/),
    ]);
    expect(problemsOf({ count: 1, qr: QR, dataMatrix: 'FIXED' })).toEqual([
      'dataMatrix "FIXED" gives every label the same value: use --data-matrix with {serial}, {number} or {position} in it',
    ]);
    expect(problemsOf({ count: 1, qr: QR, barCode: '{lot}-{serial}' })).toEqual([
      'barCode "{lot}-{serial}" has unknown placeholder(s) {lot}: use --bar-code with {serial}, {number} or {position}',
    ]);
    expect(problemsOf({ count: 1, qr: QR, prefix: 'Ä', barCode: '{serial}' })).toEqual([
      expect.stringMatching(/^barCode "Ä000001" \(first label\) has characters Code 128 cannot carry/),
    ]);
  });

  it('prefix and suffix: no control characters, no spaces the import would trim', () => {
    expect(problemsOf({ count: 1, qr: QR, prefix: 'A\tB' })).toEqual([
      expect.stringMatching(/^prefix "A\\tB" is not text of at most 40 characters without control characters/),
    ]);
    expect(problemsOf({ count: 1, qr: QR, prefix: ' A', suffix: 'B ' })).toEqual([
      'prefix " A" starts with a space, which the print-data import trims away: remove it',
      'suffix "B " ends with a space, which the print-data import trims away: remove it',
    ]);
  });

  it('GS1 Digital Link: a GTIN with a wrong check digit, a bad domain, a serial the grammar refuses (naming the row)', () => {
    expect(problemsOf({ count: 1, qr: { gs1: { gtin: '04006381333932', domain: 'ftp://id.example.test' } } })).toEqual([
      'gs1.gtin 04006381333932 has a wrong check digit (2; 0400638133393 needs 1): check the GTIN and use --gs1-gtin with the right one',
      'gs1.domain "ftp://id.example.test" is not an http(s) address: use --gs1-domain https://…',
    ]);
    expect(problemsOf({ count: 1, qr: { gs1: { gtin: '4006381333931', domain: 'https://id.example.test' } } })[0]).toMatch(
      /^gs1.gtin "4006381333931" is not 14 digits/,
    );
    const gs1 = { gtin: '04006381333931', domain: 'https://id.example.test' };
    expect(problemsOf({ count: 1, firstPosition: 7, prefix: 'A#', qr: { gs1 } })).toEqual([
      expect.stringMatching(
        /^position 7: serial "A#000001" cannot be the GS1 serial number \(AI 21\) of a Digital Link: "#" is outside GS1's character set 82/,
      ),
    ]);
    expect(first({ count: 1, prefix: 'ABCDEFGHIJKLMN', qr: { gs1 } })?.serial).toHaveLength(20);
    expect(problemsOf({ count: 1, prefix: 'ABCDEFGHIJKLMNO', qr: { gs1 } })).toEqual([
      expect.stringMatching(/it has 21 characters and AI 21 takes at most 20/),
    ]);
  });
});

describe('laziness and previews', () => {
  afterEach(() => vi.restoreAllMocks());

  it('computes a row only when it is asked for', () => {
    const compute = vi.spyOn(CHECK_ALGORITHM_IMPLEMENTATIONS.luhn, 'compute');
    const rows = generateRows({ count: 1_000_000, digits: 7, check: 'luhn', qr: QR });
    const calledAtStart = compute.mock.calls.length;
    for (let i = 0; i < 5; i += 1) rows.next();
    expect(compute.mock.calls.length - calledAtStart).toBe(5);
  });

  it('previewRows gives the first and last rows and the count without the middle', () => {
    const compute = vi.spyOn(CHECK_ALGORITHM_IMPLEMENTATIONS.damm, 'compute');
    const preview = previewRows({ start: 10, count: 100_000, step: 2, check: 'damm', qr: QR }, 2);
    expect(compute.mock.calls.length).toBeLessThan(10);
    expect(preview.count).toBe(100_000);
    expect(preview.lastNumber).toBe(10 + 99_999 * 2);
    expect(preview.first.map((r) => r.position)).toEqual([1, 2]);
    expect(preview.last.map((r) => r.position)).toEqual([99_999, 100_000]);
    expect(preview.last[1]?.serial.slice(0, 6)).toBe('200008');
    expect(previewRows({ count: 3, qr: QR }, 2).last.map((r) => r.position)).toEqual([3]);
  });

  it('lastNumber is start + (count - 1) × step with the defaults', () => {
    expect(lastNumber({ count: 1 })).toBe(1);
    expect(lastNumber({ start: 100, count: 11, step: 10 })).toBe(200);
  });
});

// --- properties over many specs (seeded, so a failure replays from its seed) ------------------------

const UPPER_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SET_82_SYMBOLS = '!"%&\'()*+,-./:;<=>?_';

function text(random: SeededRandom, alphabet: string, max: number): string {
  return Array.from({ length: random.int(0, max) }, () => random.pick([...alphabet])).join('');
}

function randomSpec(random: SeededRandom): PrintRunSpecInput {
  const check = random.bool(0.8) ? random.pick(CHECK_ALGORITHMS) : undefined;
  const count = random.int(1, 300);
  const step = random.int(1, 50);
  const start = random.int(0, 10 ** random.int(1, 9));
  const needed = String(start + (count - 1) * step).length;
  const prefixAlphabet = check === 'iso7064-mod37-36' ? UPPER_DIGITS : `${UPPER_DIGITS}abcxyz-/.${SET_82_SYMBOLS}`;
  return {
    start,
    count,
    step,
    digits: random.int(needed, needed + 3),
    prefix: text(random, prefixAlphabet, 5).replace(/^\s+/, ''),
    suffix: check === 'iso7064-mod37-36' || random.bool() ? text(random, 'XYZ-.', 3) : '',
    firstPosition: random.int(0, 5000),
    ...(check ? { check } : {}),
    qr: random.bool(0.3) ? { gs1: { gtin: '04006381333931', domain: 'https://id.example.test' } } : 'https://example.test/p/{serial}',
    ...(random.bool() ? { dataMatrix: '{serial};{position}' } : {}),
    ...(random.bool() ? { barCode: '{number}' } : {}),
  };
}

function validates(algorithm: CheckAlgorithm, protectedText: string): boolean {
  return CHECK_ALGORITHM_IMPLEMENTATIONS[algorithm].validate(protectedText);
}

describe('properties', () => {
  it('every check character validates with cdigit, every serial has its run’s shape, over 300 seeded specs', () => {
    const random = seededRandom(0x5eed_0001);
    let checked = 0;
    // Plain comparisons, each failure said with its spec and row, asserted once: tens of thousands of rows.
    const problems: string[] = [];
    for (let s = 0; s < 300; s += 1) {
      const spec = randomSpec(random);
      const parsed = parsePrintRunSpec(spec);
      const length = parsed.prefix.length + parsed.digits + (parsed.check ? 1 : 0) + parsed.suffix.length;
      let index = 0;
      for (const row of generateRows(spec)) {
        const where = `seed 0x5eed0001 spec ${s}: ${JSON.stringify(spec)} row ${index}`;
        const number = String(parsed.start + index * parsed.step).padStart(parsed.digits, '0');
        if (row.position !== parsed.firstPosition + index) problems.push(`${where}: position ${row.position}`);
        if (row.serial.length !== length) problems.push(`${where}: serial ${row.serial} is not ${length} long`);
        if (!row.serial.startsWith(parsed.prefix + number)) problems.push(`${where}: serial ${row.serial} does not start with ${parsed.prefix + number}`);
        if (!row.serial.endsWith(parsed.suffix)) problems.push(`${where}: serial ${row.serial} does not end with ${parsed.suffix}`);
        if (parsed.check) {
          const checkCharacter = row.serial.slice(parsed.prefix.length + parsed.digits, parsed.prefix.length + parsed.digits + 1);
          const covered = checkCoversPrefix(parsed.check) ? parsed.prefix + number : number;
          if (!validates(parsed.check, covered + checkCharacter)) problems.push(`${where}: check character ${checkCharacter} does not validate`);
          // A wrong check character is caught (the property is not vacuous).
          const wrong = [...UPPER_DIGITS].find((c) => c !== checkCharacter && (checkCoversPrefix(parsed.check as CheckAlgorithm) || /\d/.test(c))) as string;
          if (validates(parsed.check, covered + wrong)) problems.push(`${where}: the wrong check character ${wrong} validates too`);
          checked += 1;
        }
        if (typeof parsed.qr === 'string' && decodeURIComponent(row.qr) !== `https://example.test/p/${row.serial}`) problems.push(`${where}: QR ${row.qr}`);
        index += 1;
      }
      if (index !== parsed.count) problems.push(`spec ${s}: ${index} rows, not ${parsed.count}`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  });

  it('GS1 Digital Link rows equal what digital-link.js builds, and it accepts them', () => {
    const random = seededRandom(0x5eed_0002);
    for (let s = 0; s < 40; s += 1) {
      const prefix = text(random, `ABCxyz019${SET_82_SYMBOLS}`, 6);
      const spec: PrintRunSpecInput = {
        start: random.int(0, 5000),
        count: 50,
        step: random.int(1, 9),
        prefix,
        check: random.pick(['gs1', 'luhn', 'damm'] as const),
        qr: { gs1: { gtin: '09506000134352', domain: 'https://id.example.test' } },
      };
      for (const row of generateRows(spec)) {
        const encoded = row.qr.slice('https://id.example.test/01/09506000134352/21/'.length);
        expect(decodeURIComponent(encoded)).toBe(row.serial);
        const link = digitalLink.DigitalLink({ domain: 'https://id.example.test', identifier: { '01': '09506000134352' }, keyQualifiers: { '21': encoded } });
        expect(link.toWebUriString()).toBe(row.qr);
        if (row.position % 10 === 0) expect(link.isValid(), row.qr).toBe(true);
      }
    }
  });

  it('no serial repeats over 100,000 rows (TEXT compared case-insensitively)', () => {
    const random = seededRandom(0x5eed_0003);
    for (const check of ['iso7064-mod37-36', 'luhn'] as const) {
      const start = random.int(0, 1_000_000);
      const seen = new Set<string>();
      let rows = 0;
      for (const row of generateRows({ start, count: 100_000, step: random.int(1, 7), digits: 8, prefix: 'K9', check, qr: QR })) {
        seen.add(row.text.toLowerCase());
        rows += 1;
      }
      expect(rows).toBe(100_000);
      expect(seen.size).toBe(100_000);
    }
  });

  it('cdigit agrees with itself on the golden values (generate/validate round trip)', () => {
    expect(cdigit.gtin.validate('4006381333931')).toBe(true);
    expect(cdigit.luhn.validate('79927398713')).toBe(true);
    expect(cdigit.damm.validate('5724')).toBe(true);
    expect(cdigit.mod37_36.validate('A12425GABC1234002M')).toBe(true);
  });
});
