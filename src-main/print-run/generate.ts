// Print run generation: the values each label of a batch will carry, before anything is printed.
//
//   parsePrintRunSpec(input)  → the spec with defaults, or a StationError naming every bad field and what to do
//   generateRows(spec)        → a lazy generator of rows {position, serial, text, qr, dataMatrix?, barCode?}
//   previewRows(spec, n)      → the first and last n rows and the count, without generating the rest
//   lastNumber(spec)          → start + (count - 1) × step
//
// serial = prefix + number zero-padded to `digits` + check character (optional) + suffix. Every serial of a
// run has the same length: a last number longer than `digits` is refused. Rows are computed from their
// index alone, so 100,000 rows never sit in memory and a preview costs a handful of rows.

import * as cdigit from 'cdigit';
import type { CdigitAlgo } from 'cdigit';
import digitalLink from 'digital-link.js';
import { z } from 'zod';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';

export const MAX_COUNT = 1_000_000;
export const MAX_DIGITS = 20;
export const MAX_AFFIX_LENGTH = 40;
/** GS1 AI 21 (serial number) holds at most this many characters. */
export const GS1_SERIAL_MAX_LENGTH = 20;

export const CHECK_ALGORITHMS = ['gs1', 'luhn', 'damm', 'iso7064-mod37-36'] as const;
export type CheckAlgorithm = (typeof CHECK_ALGORITHMS)[number];

/** The cdigit implementation of each check algorithm. GS1 mod 10 is the GTIN check digit. */
export const CHECK_ALGORITHM_IMPLEMENTATIONS: Record<CheckAlgorithm, CdigitAlgo> = {
  gs1: cdigit.gtin,
  luhn: cdigit.luhn,
  damm: cdigit.damm,
  'iso7064-mod37-36': cdigit.mod37_36,
};

/** Whether the check character covers prefix + number (true) or the number's digits only. */
export function checkCoversPrefix(algorithm: CheckAlgorithm): boolean {
  return algorithm === 'iso7064-mod37-36';
}

/** The command-line flag of each setting, named in what-to-do messages. */
const FLAG = {
  start: '--start',
  count: '--count',
  step: '--step',
  digits: '--digits',
  prefix: '--prefix',
  suffix: '--suffix',
  firstPosition: '--first-position',
  check: '--check',
  qr: '--qr-template',
  dataMatrix: '--data-matrix',
  barCode: '--bar-code',
  gtin: '--gs1-gtin',
  domain: '--gs1-domain',
} as const;

const SETTINGS = 'start, count, step, digits, prefix, suffix, firstPosition, check, qr, dataMatrix, barCode';

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function wholeNumber(field: 'start' | 'count' | 'step' | 'digits' | 'firstPosition', min: number, max: number, hint: string) {
  const range = max === Number.MAX_SAFE_INTEGER ? `of ${min} or more` : `from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  const error = (issue: { input?: unknown }) => `${field} ${show(issue.input)} is not a whole number ${range}: use ${FLAG[field]} ${hint}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const CONTROL = /\p{Cc}/u;

function affix(field: 'prefix' | 'suffix') {
  const error = (issue: { input?: unknown }) =>
    `${field} ${show(issue.input)} is not text of at most ${MAX_AFFIX_LENGTH} characters without control characters (tabs, line breaks): use ${FLAG[field]} with such text`;
  return z
    .string({ error })
    .max(MAX_AFFIX_LENGTH, { error })
    .refine((s) => !CONTROL.test(s), { error });
}

const Gs1QrSchema = z.strictObject(
  {
    gtin: z.string({ error: `gs1.gtin must be the 14-digit GTIN as text: use ${FLAG.gtin}` }),
    domain: z
      .string({ error: `gs1.domain must be the resolver's address, e.g. https://id.example.test: use ${FLAG.domain}` })
      .transform((d) => d.trim().replace(/\/+$/, '')),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `gs1 takes only gtin and domain; remove ${issue.keys.join(', ')}`
        : `gs1 must be { gtin, domain }: use ${FLAG.gtin} and ${FLAG.domain}`,
  },
);

const QR_ERROR = `qr must be a URL template containing {serial} (e.g. https://example.test/{serial}) or a GS1 Digital Link { gs1: { gtin, domain } }: use ${FLAG.qr}`;

/**
 * What a print run generates. Numbers are numbers (the CLI converts its flags before parsing).
 * `qr` is a URL template (`{serial}` is URI-encoded into it) or a GS1 Digital Link; `dataMatrix`
 * and `barCode` are templates over {serial}, {number} (the padded number) and {position}.
 */
export const PrintRunSpecSchema = z
  .strictObject(
    {
      start: wholeNumber('start', 0, Number.MAX_SAFE_INTEGER, 'with the first label’s number').default(1),
      count: wholeNumber('count', 1, MAX_COUNT, 'in that range (split a bigger run into several)'),
      step: wholeNumber('step', 1, Number.MAX_SAFE_INTEGER, 'with 1 or more').default(1),
      digits: wholeNumber('digits', 1, MAX_DIGITS, 'in that range').default(6),
      prefix: affix('prefix').default(''),
      suffix: affix('suffix').default(''),
      firstPosition: wholeNumber('firstPosition', 0, Number.MAX_SAFE_INTEGER, 'with the Reel position of the first label').default(1),
      check: z
        .enum(CHECK_ALGORITHMS, {
          error: (issue) => `check ${show(issue.input)} is not a check algorithm: use ${FLAG.check} ${CHECK_ALGORITHMS.join(', ')}, or leave it out`,
        })
        .optional(),
      qr: z.union([z.string(), z.strictObject({ gs1: Gs1QrSchema })], { error: QR_ERROR }),
      dataMatrix: z.string({ error: `dataMatrix must be a template text such as {serial}: use ${FLAG.dataMatrix}` }).optional(),
      barCode: z.string({ error: `barCode must be a template text such as {serial}: use ${FLAG.barCode}` }).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `unknown setting(s) ${issue.keys.join(', ')}: a print run takes ${SETTINGS}`
          : 'a print run is an object of settings',
    },
  )
  .superRefine(
    (spec, ctx) => {
      for (const problem of crossProblems(spec)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    },
    // Only once every field is valid by itself: a digits of 0 is one problem, not also "too few".
    { when: (payload) => payload.issues.length === 0 },
  );

export type PrintRunSpecInput = z.input<typeof PrintRunSpecSchema>;
export type PrintRunSpec = z.output<typeof PrintRunSpecSchema>;

/** One label of the run. `text` is the serial; `qr` always; the others when the spec asks for them. */
export interface PrintRunRow {
  position: number;
  serial: string;
  text: string;
  qr: string;
  dataMatrix?: string;
  barCode?: string;
}

export interface PrintRunPreview {
  count: number;
  lastNumber: number;
  first: PrintRunRow[];
  last: PrintRunRow[];
}

/** start + (count - 1) × step: the number the last label carries. */
export function lastNumber(spec: { start?: number; count: number; step?: number }): number {
  return (spec.start ?? 1) + (spec.count - 1) * (spec.step ?? 1);
}

/** The spec with its defaults, or a StationError (invalid input) listing every problem: the field, what is wrong, what to do. */
export function parsePrintRunSpec(input: unknown): PrintRunSpec {
  const parsed = PrintRunSpecSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = [...new Set(parsed.error.issues.map((issue) => issue.message))];
  throw new StationError({
    code: StationErrorCode.invalidInput,
    message: `The print run cannot be generated; nothing was made. Fix these and try again:\n${problems.join('\n')}`,
    detail: { problems },
  });
}

/**
 * The run's rows, one at a time (a generator: nothing is computed ahead). The spec is checked when
 * this is called, so a bad spec throws before the first row is asked for.
 */
export function generateRows(spec: PrintRunSpecInput | PrintRunSpec): Generator<PrintRunRow, void, undefined> {
  const plan = compile(parsePrintRunSpec(spec));
  return (function* rows() {
    for (let index = 0; index < plan.spec.count; index += 1) yield plan.rowAt(index);
  })();
}

/** The first and last `n` rows and the count: what the operator checks before generating the run. */
export function previewRows(spec: PrintRunSpecInput | PrintRunSpec, rowsEachEnd = 3): PrintRunPreview {
  const plan = compile(parsePrintRunSpec(spec));
  const { count } = plan.spec;
  const n = Math.max(0, Math.floor(rowsEachEnd));
  const head = Math.min(n, count);
  const first = Array.from({ length: head }, (_, i) => plan.rowAt(i));
  const tailStart = Math.max(head, count - n);
  const last = Array.from({ length: count - tailStart }, (_, i) => plan.rowAt(tailStart + i));
  return { count, lastNumber: lastNumber(plan.spec), first, last };
}

// --- templates ------------------------------------------------------------------------------------

const PLACEHOLDERS = ['serial', 'number', 'position'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];
type TemplatePart = { literal: string } | { placeholder: Placeholder };
type TemplateValues = Record<Placeholder, string>;

function parseTemplate(template: string): { parts: TemplatePart[]; unknown: string[] } {
  const parts: TemplatePart[] = [];
  const unknown: string[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    const name = match[1] as string;
    if (match.index > last) parts.push({ literal: template.slice(last, match.index) });
    if ((PLACEHOLDERS as readonly string[]).includes(name)) parts.push({ placeholder: name as Placeholder });
    else unknown.push(match[0]);
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push({ literal: template.slice(last) });
  return { parts, unknown };
}

function fillTemplate(parts: readonly TemplatePart[], values: TemplateValues, encodeSerial?: (s: string) => string): string {
  let out = '';
  for (const part of parts) {
    if ('literal' in part) out += part.literal;
    else if (part.placeholder === 'serial' && encodeSerial) out += encodeSerial(values.serial);
    else out += values[part.placeholder];
  }
  return out;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const URL_CHARACTERS = /^[\x21-\x7e]*$/;

// --- GS1 Digital Link -----------------------------------------------------------------------------

/** GS1's AI encodable character set 82 (GS1 General Specifications, figure 7.11-1). */
const SET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]$/;
/** Set-82 characters the Digital Link grammar wants percent-encoded in a path segment. */
const DL_PERCENT_ENCODED = /[!%&'()*+,/:;<=>?]/g;

function encodeGs1Value(value: string): string {
  return value.replace(DL_PERCENT_ENCODED, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Why a serial cannot be AI 21, in words (none = the grammar accepted it). */
function gs1SerialProblem(serial: string, domain: string, gtin: string, uri: string): string | null {
  const outside = [...new Set([...serial].filter((c) => !SET_82.test(c)))];
  if (outside.length)
    return `${outside.map((c) => JSON.stringify(c)).join(', ')} ${outside.length > 1 ? 'are' : 'is'} outside GS1's character set 82 (letters, digits and !"%&'()*+,-./:;<=>?_)`;
  if (serial.length > GS1_SERIAL_MAX_LENGTH) return `it has ${serial.length} characters and AI 21 takes at most ${GS1_SERIAL_MAX_LENGTH}`;
  const link = digitalLink.DigitalLink({ domain, identifier: { '01': gtin }, keyQualifiers: { '21': encodeGs1Value(serial) } });
  if (link.toWebUriString() !== uri) return `digital-link.js builds ${link.toWebUriString()}, not ${uri}`;
  if (!link.isValid()) return `the GS1 Digital Link grammar refuses ${uri}`;
  return null;
}

/**
 * The Digital Link URI of each serial, checked with digital-link.js. Building and parsing a
 * DigitalLink costs about 0.3 ms, 30 s for 100,000 rows; the grammar treats every digit and letter
 * of an AI 21 value alike, so serials with the same shape (letters and digits mapped to one class,
 * other characters kept) get the same answer and the check runs once per shape: in a run, the
 * shape only changes with the check character's kind.
 */
class Gs1Links {
  private readonly verdicts = new Map<string, string | null>();
  constructor(
    private readonly gtin: string,
    private readonly domain: string,
  ) {}

  uri(serial: string, position: number): string {
    const uri = `${this.domain}/01/${this.gtin}/21/${encodeGs1Value(serial)}`;
    const shape = serial.replace(/[0-9A-Za-z]/g, 'a');
    let problem = this.verdicts.get(shape);
    if (problem === undefined) {
      problem = gs1SerialProblem(serial, this.domain, this.gtin, uri);
      this.verdicts.set(shape, problem);
    }
    if (problem !== null) throw gs1SerialError(serial, position, problem);
    return uri;
  }
}

function gs1SerialMessage(serial: string, position: number, problem: string): string {
  return `position ${position}: serial ${JSON.stringify(serial)} cannot be the GS1 serial number (AI 21) of a Digital Link: ${problem}. Change ${FLAG.prefix}/${FLAG.suffix} (or ${FLAG.digits}) so every serial uses set-82 characters and at most ${GS1_SERIAL_MAX_LENGTH} of them, or use a URL template for ${FLAG.qr}`;
}

function gs1SerialError(serial: string, position: number, problem: string): StationError {
  return new StationError({ code: StationErrorCode.invalidInput, message: gs1SerialMessage(serial, position, problem), detail: { position, serial } });
}

function gtinProblem(gtin: string): string | null {
  if (!/^\d{14}$/.test(gtin))
    return `gs1.gtin ${JSON.stringify(gtin)} is not 14 digits: use ${FLAG.gtin} with the GTIN-14 (pad a GTIN-8, -12 or -13 with leading zeros)`;
  if (!cdigit.gtin.validate(gtin)) {
    const expected = cdigit.gtin.compute(gtin.slice(0, 13));
    return `gs1.gtin ${gtin} has a wrong check digit (${gtin.slice(13)}; ${gtin.slice(0, 13)} needs ${expected}): check the GTIN and use ${FLAG.gtin} with the right one`;
  }
  return null;
}

function domainProblem(domain: string): string | null {
  let url: URL;
  try {
    url = new URL(domain);
  } catch {
    return `gs1.domain ${JSON.stringify(domain)} is not an address: use ${FLAG.domain} with the resolver, e.g. https://id.example.test`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `gs1.domain ${JSON.stringify(domain)} is not an http(s) address: use ${FLAG.domain} https://…`;
  if (url.search || url.hash || domain.includes('?') || domain.includes('#'))
    return `gs1.domain ${JSON.stringify(domain)} has a query or fragment: use ${FLAG.domain} with the resolver's address only`;
  return null;
}

// --- compiling a spec -----------------------------------------------------------------------------

interface Plan {
  spec: PrintRunSpec;
  rowAt(index: number): PrintRunRow;
}

function compile(spec: PrintRunSpec): Plan {
  const algorithm = spec.check ? CHECK_ALGORITHM_IMPLEMENTATIONS[spec.check] : undefined;
  const overPrefix = spec.check ? checkCoversPrefix(spec.check) : false;
  const qrParts = typeof spec.qr === 'string' ? parseTemplate(spec.qr).parts : null;
  const gs1 = typeof spec.qr === 'string' ? null : new Gs1Links(spec.qr.gs1.gtin, spec.qr.gs1.domain);
  const dataMatrixParts = spec.dataMatrix === undefined ? null : parseTemplate(spec.dataMatrix).parts;
  const barCodeParts = spec.barCode === undefined ? null : parseTemplate(spec.barCode).parts;
  return {
    spec,
    rowAt(index) {
      const number = String(spec.start + index * spec.step).padStart(spec.digits, '0');
      const check = algorithm ? algorithm.compute(overPrefix ? spec.prefix + number : number) : '';
      const serial = spec.prefix + number + check + spec.suffix;
      const position = spec.firstPosition + index;
      const values: TemplateValues = { serial, number, position: String(position) };
      const row: PrintRunRow = {
        position,
        serial,
        text: serial,
        qr: qrParts ? fillTemplate(qrParts, values, encodeURIComponent) : (gs1 as Gs1Links).uri(serial, position),
      };
      if (dataMatrixParts) row.dataMatrix = fillTemplate(dataMatrixParts, values);
      if (barCodeParts) row.barCode = fillTemplate(barCodeParts, values);
      return row;
    },
  };
}

interface Problem {
  field: string;
  message: string;
}

/** Checks across fields, once every field is valid by itself. */
function crossProblems(spec: PrintRunSpec): Problem[] {
  const problems: Problem[] = [];
  const last = lastNumber(spec);
  if (!Number.isSafeInteger(last)) {
    problems.push({
      field: 'count',
      message: `the last number start + (count - 1) × step is beyond ${Number.MAX_SAFE_INTEGER}: use a smaller ${FLAG.start}, ${FLAG.count} or ${FLAG.step}`,
    });
  } else if (String(last).length > spec.digits) {
    const needed = String(last).length;
    problems.push({
      field: 'digits',
      message: `digits ${spec.digits} is too few for the last number ${last} (${needed} digits): use ${FLAG.digits} ${needed} or more`,
    });
  }
  if (!Number.isSafeInteger(spec.firstPosition + spec.count - 1)) {
    problems.push({
      field: 'firstPosition',
      message: `the last position firstPosition + count - 1 is beyond ${Number.MAX_SAFE_INTEGER}: use a smaller ${FLAG.firstPosition}`,
    });
  }
  if (/^\s/.test(spec.prefix))
    problems.push({ field: 'prefix', message: `prefix ${show(spec.prefix)} starts with a space, which the print-data import trims away: remove it` });
  if (/\s$/.test(spec.suffix))
    problems.push({ field: 'suffix', message: `suffix ${show(spec.suffix)} ends with a space, which the print-data import trims away: remove it` });
  if (spec.check === 'iso7064-mod37-36') {
    const outside = [...new Set([...spec.prefix].filter((c) => !/[0-9A-Z]/.test(c)))];
    if (outside.length) {
      problems.push({
        field: 'prefix',
        message: `prefix ${show(spec.prefix)} has ${outside.map((c) => JSON.stringify(c)).join(', ')}, which ISO 7064 MOD 37-36 cannot protect (it covers 0-9 and A-Z only): use digits and uppercase letters in ${FLAG.prefix}, or another ${FLAG.check}`,
      });
    }
  }
  // The first row stands for all: every row has the same shape, only its digits (and check character) differ.
  // With a problem above there is no sound first row; the checks that need none still run.
  let sample: TemplateValues | null = null;
  if (!problems.length) {
    const number = String(spec.start).padStart(spec.digits, '0');
    const check = spec.check ? CHECK_ALGORITHM_IMPLEMENTATIONS[spec.check].compute(checkCoversPrefix(spec.check) ? spec.prefix + number : number) : '';
    sample = { serial: spec.prefix + number + check + spec.suffix, number, position: String(spec.firstPosition) };
  }

  if (typeof spec.qr === 'string') {
    problems.push(...templateProblems('qr', spec.qr, sample));
  } else {
    const { gtin, domain } = spec.qr.gs1;
    const bad = [gtinProblem(gtin), domainProblem(domain)].filter((p): p is string => p !== null);
    problems.push(...bad.map((message) => ({ field: 'qr', message })));
    if (!bad.length && sample) {
      const uri = `${domain}/01/${gtin}/21/${encodeGs1Value(sample.serial)}`;
      const problem = gs1SerialProblem(sample.serial, domain, gtin, uri);
      if (problem) problems.push({ field: 'qr', message: gs1SerialMessage(sample.serial, spec.firstPosition, problem) });
    }
  }
  if (spec.dataMatrix !== undefined) problems.push(...templateProblems('dataMatrix', spec.dataMatrix, sample));
  if (spec.barCode !== undefined) problems.push(...templateProblems('barCode', spec.barCode, sample));
  return problems;
}

/** A template's problems; those that depend on the values filled in only with a `sample` (the first row). */
function templateProblems(field: 'qr' | 'dataMatrix' | 'barCode', template: string, sample: TemplateValues | null): Problem[] {
  const flag = FLAG[field];
  const { parts, unknown } = parseTemplate(template);
  if (unknown.length)
    return [
      { field, message: `${field} ${show(template)} has unknown placeholder(s) ${unknown.join(', ')}: use ${flag} with {serial}, {number} or {position}` },
    ];
  const used = new Set(parts.flatMap((p) => ('placeholder' in p ? [p.placeholder] : [])));
  if (field === 'qr' && !used.has('serial'))
    return [{ field, message: `qr ${show(template)} has no {serial}: use ${flag} with a URL template such as https://example.test/{serial}` }];
  if (!used.size)
    return [{ field, message: `${field} ${show(template)} gives every label the same value: use ${flag} with {serial}, {number} or {position} in it` }];
  if (!sample) return [];
  const value = fillTemplate(parts, sample, field === 'qr' ? encodeURIComponent : undefined);
  if (field === 'qr') {
    const scheme = /^https?:\/\/[^/]/i.test(value);
    if (!scheme || !URL.canParse(value) || !URL_CHARACTERS.test(value)) {
      return [
        {
          field,
          message: `qr ${show(template)} does not make a web address (first label: ${show(value)}): use ${flag} with an http(s) URL template without spaces, such as https://example.test/{serial}`,
        },
      ];
    }
    return [];
  }
  if (CONTROL.test(value) || value !== value.trim()) {
    return [
      {
        field,
        message: `${field} ${show(template)} has control characters or spaces at its ends, which the print-data import does not keep: remove them from ${flag}`,
      },
    ];
  }
  if (field === 'barCode' && !PRINTABLE_ASCII.test(value)) {
    return [
      {
        field,
        message: `barCode ${show(value)} (first label) has characters Code 128 cannot carry (it takes printable ASCII): use ${flag}, ${FLAG.prefix} and ${FLAG.suffix} without them`,
      },
    ];
  }
  return [];
}
