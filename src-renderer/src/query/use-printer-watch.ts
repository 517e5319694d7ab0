import { useEffect } from 'react';
import { station } from '../station-client';

// A screen that shows printers keeps the station watching them (docs/printing.md, "Printer states"): it renews the
// watch (printers.watch, 10 s) every RENEW_MS while shown, and each change of a printer's state comes as the
// `printers.changed` event, which makes printers.list stale (event-refetch.ts).

const RENEW_MS = 4_000;

export function usePrinterWatch(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const renew = () => void station.call('printers.watch', {}).catch(() => undefined);
    renew();
    const timer = setInterval(renew, RENEW_MS);
    return () => clearInterval(timer);
  }, [enabled]);
}
