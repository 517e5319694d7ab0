import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// Numbers, sizes, dates and times as the user reads them, in the station's UI language (i18next's language), never
// the browser's: "20.194.186 Labels übrig" in German, "20,194,186 Labels left" in English. The one place the renderer
// makes Intl formatters (eslint.config.js forbids them, and argument-less toLocaleString, anywhere else). A number
// inside a catalog string is written `{{count, number}}` and a list `{{positions, list}}` there: i18next's built-in
// formatters, Intl with the same language. Dates, times and byte sizes come from here, their options belong to code.

type When = string | number | Date;

export interface Formats {
  /** The language these formats follow. */
  readonly locale: string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** 0.125 → "12.5%" / "12,5 %". */
  percent(fraction: number): string;
  /** Decimal units as file managers show them (docs/storage.md): "1.2 GB", "340 MB", "12 kB". */
  bytes(bytes: number): string;
  /** Date and time of an event: "Nov 26, 2026, 6:51 AM" / "26.11.2026, 06:51". */
  dateTime(at: When): string;
  /** "Nov 26, 2026" / "26.11.2026". */
  date(at: When): string;
  /** A time of day to the second: "6:51:49 AM" / "06:51:49". */
  time(at: When): string;
  /** A day in words: "November 26, 2026" / "26. November 2026". */
  longDate(at: When): string;
  /** Day and month, short, for a chart's ticks: "11/26" / "26.11.". */
  dayMonth(at: When): string;
  /** "7, 12, and 14" / "7, 12 und 14". */
  list(items: readonly (string | number)[]): string;
  /** A calendar day (YYYY-MM-DD) as typed in this language: "11/26/2026" / "26.11.2026". */
  day(isoDay: string): string;
  /** A day typed in this language's order of day, month and year, as YYYY-MM-DD; null when it is no date. */
  parseDay(text: string): string | null;
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

function build(locale: string): Formats {
  const numbers = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options: Intl.NumberFormatOptions = {}) => {
    const key = JSON.stringify(options);
    let format = numbers.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, options);
      numbers.set(key, format);
    }
    return format;
  };
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  const dayMonth = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric' });
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const numericDay = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  // The order of day, month and year in this language ("month day year" in English, "day month year" in German).
  const order = numericDay.formatToParts(Date.UTC(2026, 10, 26)).flatMap((p) => (p.type === 'day' || p.type === 'month' || p.type === 'year' ? [p.type] : []));
  return {
    locale,
    number: (value, options) => numberFormat(options).format(value),
    percent: (fraction) => numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(fraction),
    bytes: (bytes) => {
      let value = bytes;
      let unit = 0;
      while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
        value /= 1000;
        unit += 1;
      }
      const digits = unit === 0 || value >= 100 ? 0 : 1;
      // Under a kilobyte the unit is written out, so English counts it ("0 bytes", "1 byte"; Intl's short "byte" never is).
      return numberFormat({ style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: digits }).format(value);
    },
    dateTime: (at) => dateTime.format(new Date(at)),
    date: (at) => date.format(new Date(at)),
    time: (at) => time.format(new Date(at)),
    longDate: (at) => longDate.format(new Date(at)),
    dayMonth: (at) => dayMonth.format(new Date(at)),
    list: (items) => list.format(items.map(String)),
    day: (isoDay) => {
      const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
      return numericDay.format(Date.UTC(y, m - 1, d));
    },
    parseDay: (text) => {
      const numbers = text.match(/\d+/g);
      if (!numbers || numbers.length !== 3) return null;
      const parts = Object.fromEntries(order.map((type, n) => [type, Number(numbers[n])])) as Record<'day' | 'month' | 'year', number>;
      const { day, month, year } = parts;
      if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
      const at = new Date(Date.UTC(year, month - 1, day));
      if (at.getUTCMonth() !== month - 1) return null;
      return at.toISOString().slice(0, 10);
    },
  };
}

const cache = new Map<string, Formats>();

/** The formats of one language (cached: the Intl objects are made once per language). */
export function formatsFor(locale: string): Formats {
  let formats = cache.get(locale);
  if (!formats) {
    formats = build(locale);
    cache.set(locale, formats);
  }
  return formats;
}

/** The formats of the UI language; a component using them renders again when the language changes. */
export function useFormat(): Formats {
  const { i18n } = useTranslation();
  return useMemo(() => formatsFor(i18n.language), [i18n.language]);
}
