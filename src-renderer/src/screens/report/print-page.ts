import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLanguage } from '../../i18n';

// A page printed to PDF (the Reel report, the shift summary): only its view, in the language asked for, and
// `data-report-ready` on <html> once its data is in and its charts have drawn ("error: …" when it cannot be shown).
// The hosts print the page when it says so (src-main/hosts/web/report-pdf.ts, the Electron host).

function markReady(state: string): void {
  document.documentElement.dataset['reportReady'] = state;
}

/** The view's `onDrawn`: the page is ready to print once the frame with its charts is painted. */
export function printDrawn(): void {
  requestAnimationFrame(() => markReady('ready'));
}

/**
 * Loads a print page's data after setting the page's language (this page only: not saved as the station's choice);
 * `key` names what is loaded (the load runs again when it changes). A failed load marks the page "error: …".
 */
export function usePrintData<T>(lang: string | null, key: string, load: () => Promise<T>): T | undefined {
  const { i18n } = useTranslation();
  const [data, setData] = useState<T>();
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    markReady('');
    void (async () => {
      if (lang && lang !== i18n.language) {
        await loadLanguage(lang);
        await i18n.changeLanguage(lang);
        document.documentElement.lang = lang;
      }
      const loaded = await loadRef.current();
      if (current) setData(loaded);
    })().catch((error: unknown) => markReady(`error: ${error instanceof Error ? error.message : String(error)}`));
    return () => {
      current = false;
    };
  }, [key, lang, i18n]);
  return data;
}
