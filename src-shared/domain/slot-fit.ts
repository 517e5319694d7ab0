import { STRING_TAG_TYPES, type StringTagType, type TagType } from '../api/common';
import type { ExpectedValues } from './label';
import { lookupTypes, printedElsewhere, printedHere, type PrintedAt } from './print-check';

// Where one read goes among a Label's slots (docs/devices.md, "Fitting reads to slots"). Operators scan in any order
// and a keyboard-wedge scanner sends no symbology, so a read is fitted by what it is, not by the next empty slot:
//
// 1. the print data: the waiting slot whose expected value at this position the read equals, whatever type the
//    device reported (TEXT compared ignoring case, identifier-values.ts);
// 2. another position's print data under any type: a misorder, with that position and type;
// 3. the type the device reports: an AIM symbology id or HID usage (`symbology`) or the scanner's slot (`device`);
//    for a read without either (`fallback`), the shape rules below;
// 4. a read with print data here that fits none of it and is on no position's print data under any type: a
//    misprint. Anything else fits no slot, and says why.
// Steps 1, 2 and 4 are the print-data rule every door shares (print-check.ts); the core decides with it again on save.
//
// The Bench, Verify and every screen that takes reads fit them here, and only here.

/** A slot as the fitting sees it: its tagType and whether it holds a value yet. */
export interface FitSlot {
  tagType: TagType;
  filled: boolean;
}

export interface FitRead {
  tagType: TagType;
  value: string;
  /** How the device knew the type (identifier-read.ts); absent means reported (a camera's decoded symbology). */
  basis?: 'symbology' | 'device' | 'fallback' | undefined;
}

export interface FitFacts {
  /** The position the slots are for. */
  position: number;
  /** Print data at this position, when there is any. */
  expected: ExpectedValues | null;
  /** The position whose print data holds each value, keyed by identifierMapKey (print-check.ts printedPositions). */
  printedAt?: PrintedAt | undefined;
}

/** Why a read went where it went (or nowhere). */
export type SlotFit =
  /** The value printed here, for the slot `slot`. */
  | { kind: 'printed'; slot: number; tagType: StringTagType }
  /** Another position's print data (a misorder); `slot` is this Label's waiting slot of that type, or -1. */
  | { kind: 'elsewhere'; slot: number; tagType: StringTagType; belongsTo: number }
  /** No print data decides: the type the device reported, or the shape rules for a read without one. */
  | { kind: 'typed'; slot: number; tagType: StringTagType; by: 'reported' | 'shape' | 'onlySlot' }
  /** Print data here, and the value is on no position's print data under any type. */
  | { kind: 'misprint'; tagType: StringTagType; expected: string }
  /** Fits no slot: every slot of its type is filled, the Reel expects no such type, or which slot cannot be told. */
  | { kind: 'none'; reason: 'slotFull' | 'unexpectedType' | 'ambiguous'; tagType: TagType };

const SCANNED: ReadonlySet<TagType> = new Set<TagType>(['QR', 'BAR_CODE', 'DATA_MATRIX', 'TEXT']);
const URL_SHAPE = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const GS = '\u001d';

/**
 * The shape rules for a read whose scanner sent no symbology and has no slot, over the scanned types still waiting:
 * a URL is a QR (else a Data Matrix); a value with the GS separator is a GS1 Data Matrix (else a GS1-128 barcode);
 * the only scanned slot still waiting takes any read; a value that is no URL is the printed TEXT when no barcode
 * slot waits too (a 2-D code without print data carries a URL: docs/print-run.md). Otherwise: undefined, it cannot
 * be told.
 */
export function typeByShape(value: string, waiting: readonly TagType[]): { tagType: StringTagType; by: 'shape' | 'onlySlot' } | undefined {
  const scanned = [...new Set(waiting.filter((t) => SCANNED.has(t)))] as StringTagType[];
  const pick = (...types: StringTagType[]) => types.find((t) => scanned.includes(t));
  if (URL_SHAPE.test(value)) {
    const type = pick('QR', 'DATA_MATRIX');
    if (type) return { tagType: type, by: 'shape' };
  }
  if (value.includes(GS)) {
    const type = pick('DATA_MATRIX', 'BAR_CODE');
    if (type) return { tagType: type, by: 'shape' };
  }
  if (scanned.length === 1) return { tagType: scanned[0] as StringTagType, by: 'onlySlot' };
  if (!URL_SHAPE.test(value) && scanned.includes('TEXT') && !scanned.includes('BAR_CODE')) return { tagType: 'TEXT', by: 'shape' };
  return undefined;
}

function isString(type: TagType): type is StringTagType {
  return (STRING_TAG_TYPES as readonly string[]).includes(type);
}

/** Fits one read to a Label's slots (see the rules at the top of this file). Repeats of a filled value are the caller's to catch first. */
export function fitRead(slots: readonly FitSlot[], read: FitRead, facts: FitFacts): SlotFit {
  const { value } = read;
  const waitingAt = (type: TagType) => slots.findIndex((s) => s.tagType === type && !s.filled);
  const waitingTypes = slots.filter((s) => !s.filled).map((s) => s.tagType);
  const here = facts.expected ?? {};
  // The read's own type first, so a value printed under two types goes to the one the device named.
  const types = lookupTypes(read.tagType);

  // 1. This position's print data.
  const printed = printedHere(value, types, facts.expected);
  if (printed) {
    const slot = waitingAt(printed);
    if (slot >= 0) return { kind: 'printed', slot, tagType: printed };
    return { kind: 'none', reason: slots.some((s) => s.tagType === printed) ? 'slotFull' : 'unexpectedType', tagType: printed };
  }
  // 2. Another position's print data.
  const elsewhere = printedElsewhere(value, types, facts.position, facts.printedAt);
  if (elsewhere) return { kind: 'elsewhere', slot: waitingAt(elsewhere.tagType), tagType: elsewhere.tagType, belongsTo: elsewhere.belongsTo };
  // 3. The reported type, or the shape.
  const reported = read.basis !== 'fallback' && isString(read.tagType);
  const typed = reported
    ? { tagType: read.tagType as StringTagType, by: 'reported' as const }
    : typeByShape(
        value,
        waitingTypes.filter((t) => isString(t) && here[t] === undefined),
      );
  const slot = typed ? waitingAt(typed.tagType) : -1;
  if (typed && slot >= 0 && here[typed.tagType] === undefined) return { kind: 'typed', slot, tagType: typed.tagType, by: typed.by };
  // 4. A misprint: print data waits here and the value is on none of it. Named after the slot its type or shape
  // would take, else the first slot with print data still waiting.
  const named = reported ? (read.tagType as StringTagType) : typeByShape(value, waitingTypes)?.tagType;
  const withPrint = (s: FitSlot | undefined) => (s && !s.filled && isString(s.tagType) && here[s.tagType] !== undefined ? s : undefined);
  const printedSlot = withPrint(slots.find((s) => s.tagType === named && !s.filled)) ?? slots.find((s) => withPrint(s));
  if (printedSlot && isString(printedSlot.tagType)) {
    const expected = here[printedSlot.tagType];
    if (expected !== undefined) return { kind: 'misprint', tagType: printedSlot.tagType, expected };
  }
  if (!typed) return { kind: 'none', reason: 'ambiguous', tagType: read.tagType };
  return { kind: 'none', reason: slots.some((s) => s.tagType === typed.tagType) ? 'slotFull' : 'unexpectedType', tagType: typed.tagType };
}
