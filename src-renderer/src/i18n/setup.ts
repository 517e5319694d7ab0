import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalog } from './en';

// Strings live in catalogs, one per language (en.ts, de.ts; catalogs.test.ts keeps them in
// step). The language is the station's setting (`station.language`, kept by the main process), the same in every
// window, and sent to a remote service with its profile (Svc-Ctx-Locale) (docs/architecture.md, "Renderer").

export const LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
] as const;

// Each catalog is a chunk of its own: a page load fetches the language it shows, another language is fetched when it is
// chosen (Settings, a print page's `lang`) before i18next switches to it (docs/architecture.md, "Renderer").
const CATALOGS: Record<(typeof LOCALES)[number]['code'], () => Promise<Catalog>> = {
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
};

/** Gives i18next a catalog when it needs a language: at init, and in changeLanguage before it switches. */
const catalogs: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = Object.hasOwn(CATALOGS, language) ? CATALOGS[language as keyof typeof CATALOGS] : undefined;
    if (!load) return callback(new Error(`The station has no strings in the language "${language}".`), false);
    load().then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const known = (code: string | null | undefined): code is string => LOCALES.some((l) => l.code === code);

/**
 * The station's language as the page was given it, before any command: the web host writes it into `<html lang>`,
 * the Electron window's address carries it as `?lang=` (src-main/hosts). A name the station has no strings for is
 * English.
 */
function stationLocale(): string {
  const fromAddress = new URLSearchParams(globalThis.location?.search ?? '').get('lang');
  if (known(fromAddress)) return fromAddress;
  const fromPage = globalThis.document?.documentElement.lang;
  return known(fromPage) ? fromPage : 'en';
}

/** The saved language's catalog loaded and shown: resolves once a first render finds its strings. */
export async function initI18n(): Promise<void> {
  await i18next
    .use(catalogs)
    .use(initReactI18next)
    .init({
      lng: stationLocale(),
      // The catalog's fetch starts now, not a task later.
      initAsync: false,
      // No fallback language to load beside the chosen one: every catalog has every key (the type Catalog, catalogs.test.ts).
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
  document.documentElement.lang = i18next.language;
}

/** Loads a language's catalog (a failed load is an error, not a page of raw keys). */
export async function loadLanguage(code: string): Promise<void> {
  await i18next.loadLanguages(code);
  if (!i18next.hasResourceBundle(code, 'translation')) throw new Error(`The strings of the language "${code}" could not be loaded: reload the page (F5).`);
}

/** Shows the page in `code` (the station's language, once it is set or changed in any window). */
export async function showLocale(code: string): Promise<void> {
  if (i18next.language === code) return;
  await loadLanguage(code);
  await i18next.changeLanguage(code);
  document.documentElement.lang = code;
}
