import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { formatsFor } from './format';

// Numbers, sizes, dates and times in the UI language, and i18next's formatters in the catalogs (docs/architecture.md,
// "Renderer": German Settings once said "20,194,186 Labels übrig").

/** Intl's narrow no-break spaces (before "AM", in "12,5 %") as plain spaces, to compare with typed text. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatsFor', () => {
  const english = formatsFor('en');
  const german = formatsFor('de');

  it('groups and decimals as each language writes them', () => {
    expect(english.number(20_194_186)).toBe('20,194,186');
    expect(german.number(20_194_186)).toBe('20.194.186');
    expect(english.number(1.5)).toBe('1.5');
    expect(german.number(1.5)).toBe('1,5');
    expect(german.number(0.5, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('0,5');
    expect(plain(english.percent(0.125))).toBe('12.5%');
    expect(plain(german.percent(0.125))).toBe('12,5 %');
  });

  it('sizes in decimal units, one decimal under 100, in each language', () => {
    expect(plain(english.bytes(80_612_345_678))).toBe('80.6 GB');
    expect(plain(german.bytes(80_612_345_678))).toBe('80,6 GB');
    expect(plain(german.bytes(340_000_000))).toBe('340 MB');
    expect(plain(german.bytes(12_000))).toBe('12 kB');
    expect(plain(german.bytes(999))).toBe('999 Byte');
    expect(plain(english.bytes(0))).toBe('0 bytes');
    expect(plain(english.bytes(1))).toBe('1 byte');
  });

  it('a calendar day as each language types it, and read back in that order', () => {
    expect(english.day('2026-11-26')).toBe('11/26/2026');
    expect(german.day('2026-11-26')).toBe('26.11.2026');
    expect(german.parseDay('26.11.2026')).toBe('2026-11-26');
    expect(german.parseDay('3.2.2026')).toBe('2026-02-03');
    expect(english.parseDay('2/3/2026')).toBe('2026-02-03');
    expect(german.parseDay('31.02.2026')).toBeNull();
    expect(german.parseDay('morgen')).toBeNull();
  });

  it('dates and times as each language writes them', () => {
    const at = new Date(2026, 10, 26, 14, 5, 9);
    expect(plain(english.dateTime(at))).toBe('Nov 26, 2026, 2:05 PM');
    expect(german.dateTime(at)).toBe('26.11.2026, 14:05');
    expect(german.dateTime(at.toISOString())).toBe('26.11.2026, 14:05');
    expect(english.date(at)).toBe('Nov 26, 2026');
    expect(german.date(at)).toBe('26.11.2026');
    expect(plain(english.time(at))).toBe('2:05:09 PM');
    expect(german.time(at)).toBe('14:05:09');
    expect(german.longDate(at)).toBe('26. November 2026');
    expect(german.dayMonth(at)).toBe('26.11.');
    expect(english.list(['7', 12, 14])).toBe('7, 12, and 14');
    expect(german.list(['7', 12, 14])).toBe('7, 12 und 14');
  });
});

describe('the catalogs format their numbers in their language', () => {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });

  it('Settings → Storage: the Labels left grouped as the language groups them', () => {
    const values = { count: 1234, bytes: '1.2 GB', free: '80.6 GB', total: '120 GB', labels: 20_194_186 };
    expect(instance.t('storage.now', { ...values, lng: 'en' })).toBe(
      '1,234 capture images kept (1.2 GB) · disk: 80.6 GB free of 120 GB · about 20,194,186 Labels left',
    );
    expect(instance.t('storage.now', { ...values, lng: 'de' })).toContain('1.234 Aufnahmen');
    expect(instance.t('storage.now', { ...values, lng: 'de' })).toContain('etwa 20.194.186 Labels übrig');
  });

  it('a plural keeps its form with a formatted count, and a list of positions reads as a list', () => {
    expect(instance.t('verify.notOnService', { count: 1, lng: 'de' })).toMatch(/^1 Label ist/);
    expect(instance.t('verify.notOnService', { count: 12_500, lng: 'de' })).toMatch(/^12\.500 Labels sind/);
    expect(instance.t('verify.decided.reject', { count: 2, positions: ['7', '12'], lng: 'en' })).toBe('Lot rejected: positions 7 and 12 failed.');
    expect(instance.t('verify.decided.reject', { count: 1, positions: ['7'], lng: 'de' })).toBe('Los zurückgewiesen: Position 7 nicht bestanden.');
    expect(instance.t('verify.planLine', { lot: 1500, letters: 'K', sample: 125, accept: 3, reject: 4, aql: 1.5, seed: 7, lng: 'de' })).toContain(
      'Los aus 1.500 erfassten',
    );
    expect(instance.t('verify.planLine', { lot: 1500, letters: 'K', sample: 125, accept: 3, reject: 4, aql: 1.5, seed: 7, lng: 'de' })).toContain('AQL 1,5');
  });
});
