// A printer's state and reasons in words (docs/printing.md, "State"). Reasons are IPP's printer-state-reasons
// keywords (RFC 8011 §5.4.12, PWG 5100.x), with their -error/-warning/-report suffix taken off; a ZPL printer's ~HS
// flags are named with the same keywords (zpl-status.ts), so both kinds read alike.

const WORDS: Record<string, string> = {
  'media-empty': 'paper out',
  'media-needed': 'paper needed',
  'media-jam': 'paper jam',
  'media-low': 'paper low',
  'cover-open': 'head open',
  'door-open': 'door open',
  'interlock-open': 'interlock open',
  paused: 'paused',
  offline: 'offline',
  'marker-supply-empty': 'ribbon out',
  'marker-supply-low': 'ribbon low',
  'toner-empty': 'toner out',
  'toner-low': 'toner low',
  'spool-area-full': 'buffer full',
  'memory-corrupt': 'memory corrupt',
  'head-temperature-low': 'head too cold',
  'head-temperature-high': 'head too hot',
  'moving-to-paused': 'pausing',
  shutdown: 'shut down',
  'connecting-to-device': 'connecting',
  'timed-out': 'not answering',
  other: 'a fault the printer does not name',
};

/** Reasons that keep a printer from printing, whatever their suffix. */
const BLOCKING = new Set([
  'media-empty',
  'media-needed',
  'media-jam',
  'cover-open',
  'door-open',
  'interlock-open',
  'paused',
  'offline',
  'marker-supply-empty',
  'toner-empty',
  'spool-area-full',
  'memory-corrupt',
  'head-temperature-high',
  'shutdown',
  'moving-to-paused',
]);

/** A reason keyword without its -error/-warning/-report suffix; `none` and empty ones are dropped by `cleanReasons`. */
function bare(reason: string): string {
  return reason.replace(/-(error|warning|report)$/, '');
}

/** The reasons as the station reports them: suffixes off, `none` dropped, each once. */
export function cleanReasons(reasons: readonly string[]): string[] {
  return [...new Set(reasons.map(bare).filter((r) => r && r !== 'none'))];
}

/** The reasons that keep the printer from printing (an -error suffix always does). */
export function blockingReasons(raw: readonly string[]): string[] {
  return cleanReasons(raw.filter((r) => r.endsWith('-error') || BLOCKING.has(bare(r))));
}

function reasonWords(reason: string): string {
  return WORDS[bare(reason)] ?? bare(reason).replace(/-/g, ' ');
}

/** "paper out, head open". */
export function reasonsInWords(reasons: readonly string[]): string {
  return cleanReasons(reasons).map(reasonWords).join(', ');
}
