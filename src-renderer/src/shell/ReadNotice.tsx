import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playTone } from '../components/sounds';
import { station } from '../station-client';
import { announceRead, onReadNotice, type ReadNotice as Notice } from './read-notice';

/** How long the notice stays after the last read it names. */
const NOTICE_MS = 8_000;
/** The most reads one notice names (the latest). */
const MAX_READS = 5;

const isGood = (kind: Notice['kind']) => kind === 'used' || kind === 'saved';

/**
 * Names what became of the reads made away from the Bench, each one (two quick scans are two lines): in its slot at
 * the Bench (and where), then saved or refused and why, or not used and why (shell/read-notice.ts). A later notice for
 * the same value (its save, or the check that refused it) replaces that value's line, so a scan is never left said
 * "in its slot" once the Bench refused it. A read not used is said at the warning level; it also sounded the warning
 * tone. The whole notice goes NOTICE_MS after its last news; `data-kind` is the latest news's.
 */
export function ReadNotice() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ notices: Notice[]; latest: Notice; n: number }>();
  useEffect(
    () =>
      onReadNotice((next) =>
        setShown((last) => ({
          notices: [...(last?.notices ?? []).filter((n) => n.value !== next.value), next].slice(-MAX_READS),
          latest: next,
          n: (last?.n ?? 0) + 1,
        })),
      ),
    [],
  );
  useEffect(() => {
    if (!shown) return undefined;
    const timer = setTimeout(() => setShown(undefined), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  const { kind } = shown.latest;
  return (
    <div className={`read-notice ${isGood(kind) ? 'read-used' : 'read-not-used'}`} role="status" data-testid="read-notice" data-kind={kind} data-seq={shown.n}>
      {shown.notices.map((notice) => (
        <p key={notice.value} data-testid="read-notice-line" data-kind={notice.kind}>
          <span aria-hidden="true">{isGood(notice.kind) ? '✓ ' : '⚠ '}</span>
          {t(`readNotice.${notice.kind}`, notice)}
        </p>
      ))}
    </div>
  );
}

/**
 * Reads that arrive while no Bench takes them: the Bench's session (when a Reel is open there) names its own; a
 * screen that uses reads itself (`usesReads`: Verify, Devices) is left alone; any other read is named as not used.
 */
export function useReadsWithoutBench({ usesReads, benchOpen }: { usesReads: boolean; benchOpen: boolean }): void {
  useEffect(() => {
    if (usesReads || benchOpen) return undefined;
    return station.on('devices.read', (read) => {
      playTone('warning');
      announceRead({ kind: 'noBench', value: read.value });
    });
  }, [usesReads, benchOpen]);
}
