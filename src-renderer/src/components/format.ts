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
      return numberFormat({ style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
    },
    dateTime: (at) => dateTime.format(new Date(at)),
    date: (at) => date.format(new Date(at)),
    time: (at) => time.format(new Date(at)),
    longDate: (at) => longDate.format(new Date(at)),
    dayMonth: (at) => dayMonth.format(new Date(at)),
    list: (items) => list.format(items.map(String)),
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
