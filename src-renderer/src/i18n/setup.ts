import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './de';
import { en } from './en';

// Strings live in catalogs, one per language (en.ts, de.ts; catalogs.test.ts keeps them in
// step). The chosen locale is kept in this browser profile and sent to a remote service with
// its profile (Svc-Ctx-Locale).

export const LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
] as const;

const STORAGE_KEY = 'station.locale';

function savedLocale(): string {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return LOCALES.some((l) => l.code === saved) ? (saved as string) : 'en';
}

export function initI18n(): void {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: savedLocale(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = i18next.language;
}

export async function setLocale(code: string): Promise<void> {
  localStorage.setItem(STORAGE_KEY, code);
  await i18next.changeLanguage(code);
  document.documentElement.lang = code;
}
