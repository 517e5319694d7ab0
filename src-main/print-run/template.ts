// A shop's own label design (docs/print-run.md, "Templates"): ZPL as ZebraDesigner and Labelary write it, or SVG for
// PDF/IPP printers, with placeholders where each label's values go. A template is data, never code: its values are
// placed so they stay data (ZPL through ^FH hex escapes, SVG XML-escaped), an SVG's scripts, external references and
// entity declarations are refused, and a ZPL template's commands that change the printer beyond the label are listed.
//
//   checkTemplate(body)           → what the template holds (kind, placeholders, codes, printer commands); refuses an
//                                   unknown placeholder or an unsafe SVG
//   missingPlaces(check, row)     → the values a Reel's composition prints that the template has no place for
//   zplTemplateLabels(body, rows) → one ZPL label format per row (the setup before it once, ahead of the first)
//   svgTemplateLabel(body, row)   → one label as safe SVG, its codes drawn into their named rectangles

import bwipjs from 'bwip-js/node';
import { parseDocument } from 'htmlparser2';
import { render } from 'dom-serializer';
import type { ChildNode, Element } from 'domhandler';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { PrintRunRow } from './generate';
import { MM_PER_INCH, QUIET_ZONE_MODULES } from './layout';

export const PLACEHOLDERS = ['text', 'qr', 'data_matrix', 'bar_code', 'position', 'serial', 'nfc_url'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
type TemplateKind = 'zpl' | 'svg';
/** The codes a template draws, by the print data's names. */
export type TemplateCode = 'qr' | 'dataMatrix' | 'barCode';

interface PrinterCommand {
  command: string;
  what: string;
}

export interface TemplateCheck {
  kind: TemplateKind;
  placeholders: Placeholder[];
  /** The codes the template draws (a ZPL bar code command, an SVG's named rectangle). */
  codes: TemplateCode[];
  /** ZPL: commands that change the printer beyond the label, in the order they stand. */
  printerCommands: PrinterCommand[];
}

const PLACEHOLDER = /\{([^{}\s]{0,40})\}/g;
const CODE_OF_PLACEHOLDER: Partial<Record<Placeholder, TemplateCode>> = { qr: 'qr', data_matrix: 'dataMatrix', bar_code: 'barCode' };

function refusal(code: string, message: string, detail?: Record<string, unknown>): StationError {
  return new StationError({ code, message, ...(detail ? { detail } : {}) });
}

function unknownPlaceholder(name: string): StationError {
  return refusal(
    StationErrorCode.templateUnknownPlaceholder,
    `The template has a placeholder the station does not know: {${name}}. The station fills ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}: rename it to one of them, or take the braces out if it is fixed text.`,
    { placeholder: name },
  );
}

function unsafe(what: string): StationError {
  return refusal(
    StationErrorCode.templateUnsafe,
    `The SVG template ${what}. A template is data: it may not run scripts, load other files or addresses, or declare entities. Save it again without that (in the design program, embed images instead of linking them, and leave out scripts).`,
    { what },
  );
}

/** The values a row gives the placeholders. `{nfc_url}` is the URL an NFC chip gets: the QR value (docs/print-run.md). */
function placeholderValues(row: PrintRunRow): Record<Placeholder, string | undefined> {
  return {
    text: row.text,
    qr: row.qr,
    data_matrix: row.dataMatrix,
    bar_code: row.barCode,
    position: String(row.position),
    serial: row.serial,
    nfc_url: row.qr,
  };
}

function knownPlaceholder(name: string): Placeholder {
  if (!(PLACEHOLDERS as readonly string[]).includes(name)) throw unknownPlaceholder(name);
  return name as Placeholder;
}

function templateKind(body: string): TemplateKind {
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(svg|!DOCTYPE)/i.test(body) ? 'svg' : 'zpl';
}

/** What the template holds; an unknown placeholder or an unsafe SVG is refused. */
export function checkTemplate(body: string): TemplateCheck {
  return templateKind(body) === 'svg' ? checkSvg(body) : checkZpl(body);
}

/**
 * The values the Reel's composition prints (those the row has) that the template has no place for: the TEXT, and each
 * code the row carries (a code is placed by its placeholder or, in SVG, by its named rectangle).
 */
export function missingPlaces(check: TemplateCheck, row: Pick<PrintRunRow, 'qr' | 'dataMatrix' | 'barCode'>): string[] {
  const has = new Set<string>(check.placeholders);
  const missing: string[] = [];
  if (!has.has('text') && !has.has('serial')) missing.push('text');
  if (row.qr && !check.codes.includes('qr')) missing.push('qr');
  if (row.dataMatrix && !check.codes.includes('dataMatrix')) missing.push('data_matrix');
  if (row.barCode && !check.codes.includes('barCode')) missing.push('bar_code');
  return missing;
}

// ---------------------------------------------------------------------------------------------------------------- ZPL

/**
 * Commands that change the printer beyond the label (docs/print-run.md, "A template is data"): settings saved or
 * reset, network and wireless settings, files stored or deleted on the printer, its clock, passwords and calibration.
 */
const PRINTER_COMMANDS: Record<string, string> = {
  '^JU': 'saves or restores the printer’s configuration',
  '~JR': 'resets the printer (power-on reset)',
  '^JB': 'initializes (erases) a memory of the printer',
  '~JB': 'erases the optional memory',
  '^ND': 'changes the network settings',
  '^NS': 'changes the wired network settings',
  '^NC': 'selects the primary network device',
  '^NN': 'sets the SNMP parameters',
  '^NP': 'sets the primary/secondary network device',
  '^NT': 'sets the SMTP parameters',
  '^NB': 'sets the network boot',
  '^NW': 'sets the web authentication timeout',
  '^WI': 'changes the wireless network settings',
  '^WA': 'sets the wireless antenna',
  '^WE': 'sets the wireless encryption',
  '^WL': 'sets the wireless LEAP',
  '^WP': 'sets the wireless password',
  '^WR': 'sets the wireless transmit rate',
  '^WS': 'sets the wireless radio card values',
  '^WX': 'configures the wireless security',
  '^KC': 'sets the client identifier',
  '^KN': 'sets the printer’s name',
  '^KP': 'sets the printer’s password',
  '^KL': 'changes the display language',
  '^ID': 'deletes files stored on the printer',
  '^DF': 'stores a format on the printer',
  '~DG': 'stores a graphic on the printer',
  '~DY': 'stores a file on the printer',
  '~DU': 'stores a font on the printer',
  '~DB': 'stores a bitmap font on the printer',
  '~DT': 'stores a TrueType font on the printer',
  '~DN': 'aborts a download',
  '^ST': 'sets the printer’s clock',
  '^SC': 'changes the serial port settings',
  '^SL': 'sets the real-time clock mode',
  '~JC': 'calibrates the media sensor',
  '~JL': 'sets the label length by feeding labels',
  '~JG': 'prints a sensor graph',
  '~WC': 'prints a configuration label',
  '~JD': 'enters the communications diagnostics mode',
  '^JZ': 'changes reprint after error',
  '^JJ': 'sets the auxiliary port',
  '^SZ': 'changes the ZPL mode',
  '^SE': 'selects an encoding table',
  '^MU': 'changes the units of measure',
};

const ZPL_COMMAND = /[\^~][A-Za-z0-9@]{2}/g;
const BAR_CODE_COMMANDS: Record<string, TemplateCode> = { '^BQ': 'qr', '^BX': 'dataMatrix', '^BC': 'barCode' };
/** Characters that can serve as a field's ^FH indicator when the station adds ^FH, in order of preference. */
const FH_INDICATORS = ['_', '\\', '`', '|', '#', '@', '!', '&', '*'];

/** A ZPL label format cut at its placeholders: fixed text (kept byte for byte) and the values between. */
interface ZplPart {
  fixed: string;
  /** The placeholder after the fixed text, and how its value is escaped in its field. */
  slot?: { name: Placeholder; indicator: string; code128: boolean };
}

interface ZplTemplate {
  /** What stands before the label format (ZebraDesigner's `CT~~CD,~CC^~CT~` and settings format): sent once. */
  setup: string;
  parts: ZplPart[];
  check: TemplateCheck;
}

/** The ^XA … ^XZ formats of a template, each with where it starts. */
function zplFormatsOf(body: string): { start: number; end: number }[] {
  const formats: { start: number; end: number }[] = [];
  const re = /\^XA[\s\S]*?\^XZ/gi;
  for (let m = re.exec(body); m; m = re.exec(body)) formats.push({ start: m.index, end: m.index + m[0].length });
  return formats;
}

function parseZpl(body: string): ZplTemplate {
  const formats = zplFormatsOf(body);
  // The label format is the last one with field data; the formats before it set the printer up.
  const label = [...formats].reverse().find((f) => /\^FD/i.test(body.slice(f.start, f.end)));
  if (!label) {
    throw refusal(
      StationErrorCode.invalidInput,
      'The file is not a ZPL label: it has no ^XA … ^XZ format with field data (^FD). Export the label as ZPL from the design program (ZebraDesigner: Print to file; Labelary: the ZPL text).',
    );
  }
  if (body.slice(label.end).trim()) {
    throw refusal(StationErrorCode.invalidInput, 'The ZPL template has commands after its label format: keep the label format last (settings before it).');
  }
  const format = body.slice(label.start, label.end);
  const printerCommands: PrinterCommand[] = [];
  const placeholders = new Set<Placeholder>();
  const codes = new Set<TemplateCode>();
  for (const m of body.matchAll(ZPL_COMMAND)) {
    const command = m[0].toUpperCase();
    const what = PRINTER_COMMANDS[command];
    if (what) printerCommands.push({ command: `${command}${/^[A-Za-z]?/.exec(body.slice((m.index ?? 0) + 3))?.[0] ?? ''}`, what });
    if ((command === '^CC' || command === '~CC' || command === '^CT' || command === '~CT') && (m.index ?? 0) >= label.start) {
      const to = body[(m.index ?? 0) + 3];
      if (to !== (command.endsWith('CC') ? '^' : '~')) {
        throw refusal(
          StationErrorCode.invalidInput,
          `The ZPL template's label format changes the command prefix (${command}${to ?? ''}): the station keeps values as data only with ^ and ~ as prefixes. Leave that command out.`,
        );
      }
    }
  }
  // Unknown placeholders in the setup are refused too: the setup is sent as it stands.
  for (const m of body.slice(0, label.start).matchAll(PLACEHOLDER)) knownPlaceholder(m[1] as string);

  // Cut the label format at its placeholders, field by field (a field ends at ^FS).
  const parts: ZplPart[] = [];
  let fixed = '';
  let field = { fh: undefined as string | undefined, code: undefined as TemplateCode | undefined };
  let i = 0;
  const commands = new RegExp(ZPL_COMMAND.source, 'g');
  while (i < format.length) {
    commands.lastIndex = i;
    const m = commands.exec(format);
    if (!m) {
      fixed += format.slice(i);
      break;
    }
    const command = m[0].toUpperCase();
    fixed += format.slice(i, m.index);
    i = m.index;
    if (command === '^FS') field = { fh: undefined, code: undefined };
    if (command === '^FH') field.fh = /^[^\^~\s]?/.exec(format.slice(i + 3))?.[0] || '_';
    if (BAR_CODE_COMMANDS[command]) field.code = BAR_CODE_COMMANDS[command];
    if (command !== '^FD') {
      fixed += format.slice(i, i + 3);
      i += 3;
      continue;
    }
    // ^FD's data runs to the next ^ (its ^FS).
    const dataEnd = format.indexOf('^', i + 3) === -1 ? format.length : format.indexOf('^', i + 3);
    const data = format.slice(i + 3, dataEnd);
    const found = [...data.matchAll(PLACEHOLDER)];
    if (!found.length) {
      fixed += format.slice(i, dataEnd);
      i = dataEnd;
      continue;
    }
    let indicator = field.fh;
    if (indicator === undefined) {
      // A field with a value and no ^FH gets one, with an indicator its fixed data does not use (values stay data).
      const fixedData = data.replace(PLACEHOLDER, '');
      indicator = FH_INDICATORS.find((c) => !fixedData.includes(c)) ?? '_';
      fixed += `^FH${indicator}`;
    }
    fixed += '^FD';
    let at = 0;
    for (const p of found) {
      const name = knownPlaceholder(p[1] as string);
      placeholders.add(name);
      const code = CODE_OF_PLACEHOLDER[name];
      if (code && field.code === code) codes.add(code);
      if (!code && field.code) codes.add(field.code);
      fixed += data.slice(at, p.index);
      parts.push({ fixed, slot: { name, indicator, code128: field.code === 'barCode' } });
      fixed = '';
      at = (p.index ?? 0) + p[0].length;
    }
    fixed += data.slice(at);
    i = dataEnd;
  }
  parts.push({ fixed });
  return { setup: body.slice(0, label.start), parts, check: { kind: 'zpl', placeholders: [...placeholders], codes: [...codes], printerCommands } };
}

function checkZpl(body: string): TemplateCheck {
  return parseZpl(body).check;
}

/** A value as ^FH field data with the field's indicator: the prefixes, the indicator and control characters as hex. */
function fhData(value: string, indicator: string): string {
  let out = '';
  for (const c of value) {
    if (c === '^' || c === '~' || c === '_' || c === '\\' || c === indicator || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) {
      out += `${indicator}${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    } else out += c;
  }
  return out;
}

/** The value a placeholder takes at a row; a value the row does not have is refused, named. */
function valueAt(row: PrintRunRow, name: Placeholder): string {
  const value = placeholderValues(row)[name];
  if (value === undefined) {
    throw refusal(
      StationErrorCode.invalidInput,
      `Position ${row.position} has no ${name} value, and the template places {${name}}: add it to the print data (print-run generate --${name === 'data_matrix' ? 'data-matrix' : 'bar-code'} …), or choose a template without it.`,
      { position: row.position, placeholder: name },
    );
  }
  return value;
}

/** The ZPL template compiled once, for many rows. */
export class ZplTemplateWriter {
  private readonly template: ZplTemplate;
  constructor(body: string) {
    this.template = parseZpl(body);
  }

  get check(): TemplateCheck {
    return this.template.check;
  }

  /** The template's setup (sent once, ahead of the first label). */
  get setup(): string {
    return this.template.setup;
  }

  /** One label's format: the fixed parts as they stand, each value escaped for its field. */
  label(row: PrintRunRow): string {
    let out = '';
    for (const part of this.template.parts) {
      out += part.fixed;
      if (!part.slot) continue;
      let value = valueAt(row, part.slot.name);
      // In a Code 128 field `>` starts an invocation code: a literal one is `><`.
      if (part.slot.code128) value = value.replace(/>/g, '><');
      out += fhData(value, part.slot.indicator);
    }
    return out.endsWith('\n') ? out : `${out}\n`;
  }
}

/** One ZPL label format per row, in order; the template's setup stands before the first. */
export function zplTemplateLabels(body: string, rows: Iterable<PrintRunRow>): string[] {
  const writer = new ZplTemplateWriter(body);
  const labels: string[] = [];
  for (const row of rows) labels.push(writer.label(row));
  if (labels.length && writer.setup.trim()) labels[0] = `${writer.setup}${labels[0] as string}`;
  return labels;
}

// ---------------------------------------------------------------------------------------------------------------- SVG

const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'audio', 'video', 'handler', 'listener', 'animation']);
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);
const CODE_RECT_IDS: Record<string, TemplateCode> = { qr: 'qr', data_matrix: 'dataMatrix', bar_code: 'barCode' };

/** An external reference in CSS (url(…) to anything but this document, @import). */
function cssReference(css: string): string | undefined {
  if (/@import/i.test(css)) return '@import';
  for (const m of css.matchAll(/url\(\s*['"]?([^'")]*)/gi)) if (!(m[1] as string).trim().startsWith('#')) return `url(${m[1] as string})`;
  return undefined;
}

function isElement(node: ChildNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** The first unsafe thing in the SVG (what, in words), or undefined. `strip` takes it out instead (drawing). */
function unsafeIn(nodes: ChildNode[], strip: boolean): string | undefined {
  for (let k = 0; k < nodes.length; k += 1) {
    const node = nodes[k] as ChildNode;
    const drop = (what: string): string | undefined => {
      if (!strip) return what;
      nodes.splice(k, 1);
      k -= 1;
      return undefined;
    };
    // The XML declaration (<?xml version …?>) is allowed; a document type or a style sheet link is not.
    if (node.type === 'directive' && node.name.toLowerCase() === '?xml') continue;
    if (node.type === 'directive') {
      const found = drop('declares a document type or entities (<!DOCTYPE …>)');
      if (found) return found;
      continue;
    }
    if (node.type === 'cdata' || node.type === 'text' || node.type === 'comment') continue;
    if (!isElement(node)) continue;
    const name = node.name.toLowerCase().replace(/^.*:/, '');
    if (FORBIDDEN_ELEMENTS.has(name)) {
      const found = drop(`has a <${node.name}> element`);
      if (found) return found;
      continue;
    }
    if (name === 'style') {
      const css = node.children.map((c) => ('data' in c ? c.data : '')).join('');
      const ref = cssReference(css);
      if (ref) {
        const found = drop(`loads from outside in its style (${ref})`);
        if (found) return found;
        continue;
      }
    }
    for (const [attribute, value] of Object.entries(node.attribs)) {
      const a = attribute.toLowerCase();
      let what: string | undefined;
      if (a.startsWith('on')) what = `has an event handler (${attribute})`;
      else if (REFERENCE_ATTRIBUTES.has(a) && !value.trim().startsWith('#') && !(name === 'image' && /^data:image\/(png|jpeg|gif);base64,/i.test(value.trim())))
        what = `refers to another file or address (${attribute}="${value.slice(0, 60)}")`;
      else if (a === 'style' && cssReference(value)) what = `loads from outside in its style (${cssReference(value) as string})`;
      if (what) {
        if (!strip) return what;
        delete node.attribs[attribute];
      }
    }
    const inner = unsafeIn(node.children, strip);
    if (inner) return inner;
  }
  return undefined;
}

function svgRoot(nodes: ChildNode[]): Element | undefined {
  return nodes.find((n): n is Element => isElement(n) && n.name.toLowerCase() === 'svg');
}

function* elements(nodes: ChildNode[]): Generator<Element> {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    yield node;
    yield* elements(node.children);
  }
}

function* texts(nodes: ChildNode[]): Generator<{ data: string }> {
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'cdata') {
      if (node.type === 'text') yield node;
      else yield* texts(node.children);
    } else if (isElement(node)) yield* texts(node.children);
  }
}

function parseSvg(body: string) {
  // Entity declarations are refused before parsing, so none is ever expanded.
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw unsafe('declares a document type or entities (<!DOCTYPE …>)');
  if (/<\?xml-stylesheet/i.test(body)) throw unsafe('links a style sheet (<?xml-stylesheet …?>)');
  const doc = parseDocument(body, { xmlMode: true });
  const root = svgRoot(doc.children);
  if (!root) throw refusal(StationErrorCode.invalidInput, 'The file is not an SVG image (no <svg> element): save the label design as SVG.');
  return { doc, root };
}

function checkSvg(body: string): TemplateCheck {
  const { doc } = parseSvg(body);
  const what = unsafeIn(doc.children, false);
  if (what) throw unsafe(what);
  const placeholders = new Set<Placeholder>();
  for (const text of texts(doc.children)) for (const m of text.data.matchAll(PLACEHOLDER)) placeholders.add(knownPlaceholder(m[1] as string));
  for (const el of elements(doc.children))
    for (const value of Object.values(el.attribs)) for (const m of value.matchAll(PLACEHOLDER)) knownPlaceholder(m[1] as string);
  const codes = new Set<TemplateCode>();
  for (const el of elements(doc.children)) {
    const code = CODE_RECT_IDS[el.attribs.id ?? ''];
    if (code && el.name.toLowerCase() === 'rect') {
      rectBox(el);
      codes.add(code);
    }
  }
  return { kind: 'svg', placeholders: [...placeholders], codes: [...codes], printerCommands: [] };
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function rectBox(el: Element): Rect {
  const n = (a: string) => Number.parseFloat(el.attribs[a] ?? (a === 'x' || a === 'y' ? '0' : ''));
  const box = { x: n('x'), y: n('y'), width: n('width'), height: n('height') };
  if (![box.x, box.y, box.width, box.height].every(Number.isFinite) || box.width <= 0 || box.height <= 0) {
    throw refusal(
      StationErrorCode.invalidInput,
      `The SVG template's <rect id="${el.attribs.id ?? ''}"> needs x, y, width and height in plain numbers (user units): set them in the design program.`,
    );
  }
  return box;
}

/** The SVG's size in mm and how many mm one user unit is (from width/height in mm, cm, in, or the stock's width). */
export function svgGeometry(body: string, stockWidthMm: number): { widthMm: number; heightMm: number; mmPerUnit: number } {
  const { root } = parseSvg(body);
  const length = (value: string | undefined): number | undefined => {
    const m = /^\s*([\d.]+)\s*(mm|cm|in|px|pt)?\s*$/.exec(value ?? '');
    if (!m) return undefined;
    const n = Number(m[1]);
    return { mm: n, cm: n * 10, in: n * MM_PER_INCH, pt: (n * MM_PER_INCH) / 72, px: (n * MM_PER_INCH) / 96 }[m[2] ?? 'px'];
  };
  const viewBox = (root.attribs.viewBox ?? '').split(/[\s,]+/).map(Number);
  const vbWidth = viewBox.length === 4 && viewBox[2] ? viewBox[2] : undefined;
  const vbHeight = viewBox.length === 4 && viewBox[3] ? viewBox[3] : undefined;
  const widthMm = length(root.attribs.width) ?? stockWidthMm;
  // With a viewBox its width spans the image; without one a user unit is a CSS pixel (1/96 in).
  const mmPerUnit = vbWidth ? widthMm / vbWidth : MM_PER_INCH / 96;
  const heightMm = length(root.attribs.height) ?? (vbHeight ?? widthMm / mmPerUnit) * mmPerUnit;
  return { widthMm, heightMm, mmPerUnit };
}

/** A code's modules: rows of 0/1 (2D), or bar and space widths (Code 128). */
function codeMatrix(code: TemplateCode, value: string): { kind: '2d'; rows: number[][] } | { kind: '1d'; widths: number[] } {
  if (code === 'barCode') {
    const [symbol] = bwipjs.raw({ bcid: 'code128', text: value });
    return { kind: '1d', widths: (symbol as { sbs: number[] }).sbs };
  }
  const [symbol] = bwipjs.raw(code === 'qr' ? ({ bcid: 'qrcode', text: value, eclevel: 'Q' } as bwipjs.RawOptions) : { bcid: 'datamatrix', text: value });
  const { pixs, pixx, pixy } = symbol as { pixs: number[]; pixx: number; pixy: number };
  return { kind: '2d', rows: Array.from({ length: pixy }, (_, y) => pixs.slice(y * pixx, (y + 1) * pixx)) };
}

/** A code drawn into its rectangle: its modules as one path, the quiet zone inside the box; and its module size in user units. */
function drawnCode(code: TemplateCode, value: string, box: Rect): { svg: string; module: number } {
  const quiet = QUIET_ZONE_MODULES[code];
  const matrix = codeMatrix(code, value);
  const f = (n: number) => Number(n.toFixed(4));
  if (matrix.kind === '1d') {
    const modules = matrix.widths.reduce((a, b) => a + b, 0) + 2 * quiet;
    const module = box.width / modules;
    let d = '';
    let x = quiet;
    matrix.widths.forEach((w, k) => {
      if (k % 2 === 0) d += `M${f(box.x + x * module)} ${f(box.y)}h${f(w * module)}v${f(box.height)}h${f(-w * module)}z`;
      x += w;
    });
    return { svg: `<path d="${d}" fill="#000"/>`, module };
  }
  const rows = matrix.rows;
  const cols = rows[0]?.length ?? 0;
  const module = Math.min(box.width / (cols + 2 * quiet), box.height / (rows.length + 2 * quiet));
  const x0 = box.x + (box.width - cols * module) / 2;
  const y0 = box.y + (box.height - rows.length * module) / 2;
  let d = '';
  rows.forEach((r, y) => {
    for (let x = 0; x < cols;) {
      if (!r[x]) {
        x += 1;
        continue;
      }
      let run = 1;
      while (r[x + run]) run += 1;
      d += `M${f(x0 + x * module)} ${f(y0 + y * module)}h${f(run * module)}v${f(module)}h${f(-run * module)}z`;
      x += run;
    }
  });
  // White behind the code (its quiet zone), whatever the design draws under the box.
  return { svg: `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.width)}" height="${f(box.height)}" fill="#fff"/><path d="${d}" fill="#000"/>`, module };
}

export interface DrawnSvgLabel {
  svg: string;
  /** Each code drawn: its value and module size in user units. */
  codes: { code: TemplateCode; value: string; module: number }[];
}

/**
 * One label as SVG: the template's text with the row's values in place (XML-escaped by the serializer), each code
 * drawn into its named rectangle, and anything unsafe taken out (a template is checked when added; drawing strips
 * again, docs/print-run.md, "A template is data").
 */
export function svgTemplateLabel(body: string, row: PrintRunRow): DrawnSvgLabel {
  const { doc } = parseSvg(body);
  unsafeIn(doc.children, true);
  for (const text of texts(doc.children)) text.data = text.data.replace(PLACEHOLDER, (_, name: string) => valueAt(row, knownPlaceholder(name)));
  const codes: DrawnSvgLabel['codes'] = [];
  for (const el of [...elements(doc.children)]) {
    const code = CODE_RECT_IDS[el.attribs.id ?? ''];
    if (!code || el.name.toLowerCase() !== 'rect') continue;
    const value = row[code];
    if (value === undefined) continue;
    const drawn = drawnCode(code, value, rectBox(el));
    codes.push({ code, value, module: drawn.module });
    const group = parseDocument(`<g id="${code}-drawn">${drawn.svg}</g>`, { xmlMode: true }).children[0] as Element;
    const siblings = el.parent?.children;
    if (siblings) siblings.splice(siblings.indexOf(el), 1, group);
    group.parent = el.parent;
  }
  // The serializer escapes the XML specials (so values stay text) and writes other characters beyond ASCII as
  // references: those go back to the characters themselves, so the template's own text stays as it was written.
  const svg = render(doc, { xmlMode: true }).replace(/&#x([0-9a-f]+);/gi, (ref, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code >= 0xa0 ? String.fromCodePoint(code) : ref;
  });
  return { svg, codes };
}
