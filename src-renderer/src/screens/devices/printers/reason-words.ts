import { useTranslation } from 'react-i18next';
import type { PrinterView } from '../../../../../src-shared/ipc/printers';

// A printer's reasons (IPP printer-state-reasons keywords; a ZPL printer's ~HS flags named alike, docs/printing.md,
// "Printers") in the catalog's words: Devices → Printers and the print dialog say them the same.

const KNOWN_REASONS = [
  'media-empty',
  'media-needed',
  'media-jam',
  'media-low',
  'cover-open',
  'door-open',
  'paused',
  'offline',
  'marker-supply-empty',
  'marker-supply-low',
  'spool-area-full',
  'document-format-not-supported',
] as const;

/** A printer's reasons in the catalog's words (a keyword the catalog does not know is shown as it is). */
export function useReasonWords(): (reasons: readonly string[]) => string {
  const { t } = useTranslation();
  return (reasons) =>
    reasons.map((r) => ((KNOWN_REASONS as readonly string[]).includes(r) ? t(`printers.reasons.${r as (typeof KNOWN_REASONS)[number]}`) : r)).join(', ');
}

/** A printer's state at a glance, beside its words (Devices → Printers' table and its bench printer). */
export const STATE_MARK = { idle: '●', printing: '◉', stopped: '✖', unreachable: '○' } as const;

/**
 * A printer's state and reasons in one line ("stopped: paper out"), as its `printers.list` row says them (kept current
 * by `printers.changed`): the bench printer's select and state, on the Bench and on Devices.
 */
export function usePrinterStateWords(): (printer: Pick<PrinterView, 'state' | 'reasons'>) => string {
  const { t } = useTranslation();
  const reasonWords = useReasonWords();
  return (p) =>
    p.reasons.length && p.state !== 'unreachable'
      ? t('reprint.benchPrinterState', { state: t(`printers.states.${p.state}`), reasons: reasonWords(p.reasons) })
      : t(`printers.states.${p.state}`);
}
