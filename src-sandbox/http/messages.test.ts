import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src-shared/api/errors';
import { addMessages, localize, resolveLocale } from './messages';

describe('messages', () => {
  it('every error code has an English and a German text', () => {
    for (const code of ERROR_CODES) {
      const en = localize('en', code);
      const de = localize('de', code);
      expect(en).not.toBe(code);
      expect(de).not.toBe(code);
      expect(de).not.toBe(en);
    }
  });

  it('resolves locale headers to a supported language', () => {
    expect(resolveLocale('de-DE')).toBe('de');
    expect(resolveLocale('DE')).toBe('de');
    expect(resolveLocale('pt-BR')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
  });

  it('areas add keys with parameters', () => {
    addMessages({ unit_test_key: { en: 'Reel {{name}} is full.', de: 'Rolle {{name}} ist voll.' } });
    expect(localize('de', 'unit_test_key', { name: 'R1' })).toBe('Rolle R1 ist voll.');
  });
});
