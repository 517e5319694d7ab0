import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NfcEncodeCode } from '../../../../src-shared/domain/nfc-encoding';
import type { NfcEncodeOutcome } from '../../../../src-shared/ipc/nfc';
import { StationError } from '../../../../src-shared/ipc/station-error';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { station } from '../../station-client';
import type { Slot } from './bench-reducer';
import { urlTail } from './url-tail';
import './slot-encode.css';

// Encoding at the Bench (docs/devices.md, "Encoding a chip"): on a Reel that encodes, the NFC slot is filled by the
// core command nfc.encode alone: while the slot waits, one encoding waits for the chip; the chip is written and read
// back in the main process and only its verified UID goes into the slot (`place`). A refusal is said in words and
// the next chip is waited for; leaving the position calls the wait off (nfc.cancelEncode). All of it is said in the
// NFC slot itself (SlotCard's `encode`), once: the URL to write, then each step of the chip at the reader.

/**
 * How long one nfc.encode waits for a chip before it is asked again (the slot keeps waiting): under the station
 * client's 30 s call timeout (station-client.ts), so the wait ends as NFC_NO_CHIP, not as a timeout.
 */
const WAIT_S = 25;

/** The slot that says the encoding: the first NFC slot still waiting, else the first NFC slot; -1 when none. */
export function encodeSlot(slots: readonly Slot[]): number {
  const waiting = slots.findIndex((s) => s.tagType === 'NFC' && s.value === undefined);
  return waiting >= 0 ? waiting : slots.findIndex((s) => s.tagType === 'NFC');
}

/** Whether the Reel encodes its chips at the Bench (nfc.settings). */
export function useReelEncodes(reelId: string | undefined): boolean {
  const settings = useCommandQuery('nfc.settings', { reelId: reelId ?? '' }, { enabled: reelId !== undefined });
  return settings.data?.encode === true;
}

export function BenchNfcEncode({
  reelId,
  position,
  waiting,
  place,
}: {
  reelId: string;
  position: number;
  /** The NFC slot waits and the Bench takes reads (not blocked, the screen shown). */
  waiting: boolean;
  place: (uid: string) => void;
}) {
  const { t } = useTranslation();
  const prepared = useCommandQuery('nfc.prepare', { reelId, position });
  const [outcome, setOutcome] = useState<NfcEncodeOutcome | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  /** Whether the station listens for a chip now (its last word was `waiting`). */
  const [listening, setListening] = useState(false);
  const placeRef = useRef(place);
  placeRef.current = place;
  const encodeChip = useCommandMutation('nfc.encode', ['nfc.encoding', 'nfc.counts']);
  const cancel = useCommandMutation('nfc.cancelEncode');
  const calls = useRef({ encode: encodeChip.mutateAsync, cancel: cancel.mutateAsync });
  calls.current = { encode: encodeChip.mutateAsync, cancel: cancel.mutateAsync };

  useEffect(() => {
    setOutcome(null);
    setFailed(null);
    setListening(false);
    return station.on('nfc.encodeOutcome', (o) => {
      if (o.reelId !== reelId || o.position !== position) return;
      setListening(o.state === 'waiting');
      // A refusal stays said while the next chip is waited for ("present the chip again").
      setOutcome((last) => (o.state === 'waiting' && last?.state === 'refused' ? last : o));
    });
  }, [reelId, position]);

  const url = prepared.data?.url;
  useEffect(() => {
    if (!waiting || !url) return;
    let stopped = false;
    void (async () => {
      while (!stopped) {
        try {
          const out = await calls.current.encode({ reelId, position, timeoutS: WAIT_S });
          if (!stopped) placeRef.current(out.uid);
          return;
        } catch (error) {
          if (stopped) return;
          // No chip yet, or a chip refused (said by its outcome): wait for the next one. Anything else stops here.
          const refusal = error instanceof StationError && error.code.startsWith('NFC_') && error.code !== NfcEncodeCode.noUrl;
          if (!refusal) {
            setFailed(error);
            return;
          }
        }
      }
    })();
    return () => {
      stopped = true;
      void calls.current.cancel({}).catch(() => undefined);
    };
  }, [waiting, url, reelId, position]);

  const split = url ? urlTail(url) : undefined;
  return (
    <div className="slot-encode" data-testid="bench-nfc-encode" data-state={outcome?.state ?? 'starting'} data-listening={listening}>
      {split ? (
        <span className="slot-encode-url">
          <span className="slot-encode-with">{t('nfcEncode.slot.encodeWith')}</span>
          {/* Shortened to fit the slot, the serial at its end always shown; the whole URL is its tooltip. */}
          <span className="slot-encode-address mono" data-testid="bench-nfc-url" title={url}>
            <span className="url-head">{split.head}</span>
            {split.tail ? <span className="url-tail">{split.tail}</span> : null}
          </span>
        </span>
      ) : null}
      <ErrorNote error={prepared.error ?? failed} />
      {url ? (
        <span
          role="status"
          aria-live="polite"
          className={`slot-encode-step${outcome?.state === 'refused' ? ' warning-note' : ''}`}
          data-testid="bench-nfc-outcome"
          data-code={outcome?.state === 'refused' ? outcome.code : undefined}
        >
          {say(outcome, t)}
        </span>
      ) : null}
    </div>
  );
}

const CARD_KINDS = [
  'mifareClassic1k',
  'mifareClassic4k',
  'mifareMini',
  'topaz',
  'mifarePlus',
  'felica',
  'iso15693',
  'storageOther',
  'iso14443_4',
  'unknown',
] as const;

function say(outcome: NfcEncodeOutcome | null, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!outcome) return t('nfcEncode.bench.starting');
  if (outcome.state === 'waiting') return t('nfcEncode.bench.waiting');
  if (outcome.state === 'encoding') return t('nfcEncode.bench.encoding', { uid: outcome.uid });
  if (outcome.state === 'verifying') return t('nfcEncode.slot.verifying', { uid: outcome.uid });
  if (outcome.state === 'encoded') return t(outcome.locked ? 'nfcEncode.bench.encodedLocked' : 'nfcEncode.bench.encoded', { uid: outcome.uid });
  const detail = outcome.detail ?? {};
  const known = ['NFC_TORN_WRITE', 'NFC_URL_TOO_LONG', 'NFC_LOCKED_OTHER', 'NFC_OTHER_POSITION', 'NFC_NOT_TYPE2', 'NFC_VERIFY_FAILED', 'NFC_UNSUPPORTED'];
  if (!known.includes(outcome.code)) return t('nfcEncode.bench.refusedOther', { code: outcome.code, message: outcome.message });
  const holds = Array.isArray(detail.holds)
    ? (detail.holds as { uri?: string; text?: string; type?: string }[]).map((r) => r.uri ?? r.text ?? r.type ?? '').join(', ') ||
      t('nfcEncode.bench.holdsNothing')
    : t('nfcEncode.bench.holdsNothing');
  // A card's kind in the catalog's words (the main process's words stay for the CLI and the log).
  const kind =
    typeof detail.kindKey === 'string' && (CARD_KINDS as readonly string[]).includes(detail.kindKey) ? t(`nfcEncode.kinds.${detail.kindKey}`) : detail.kind;
  return t(`nfcEncode.bench.refused.${outcome.code}`, { ...detail, uid: outcome.uid ?? '', holds, kind });
}
