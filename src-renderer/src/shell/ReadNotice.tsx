import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playTone } from '../components/sounds';
import { station } from '../station-client';
import { announceRead, onReadNotice, type ReadNotice as Notice } from './read-notice';

/** How long the notice stays after the last read it names. */
const NOTICE_MS = 8_000;

/**
 * Names what became of the last read made away from the Bench: used at the Bench (and where), or not used and why
 * (shell/read-notice.ts). A read not used is said at the warning level; it also sounded the warning tone.
 */
export function ReadNotice() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<{ notice: Notice; n: number }>();
  useEffect(() => onReadNotice((next) => setNotice((last) => ({ notice: next, n: (last?.n ?? 0) + 1 }))), []);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(undefined), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  const { kind } = notice.notice;
  return (
    <p
      className={`read-notice ${kind === 'used' ? 'read-used' : 'read-not-used'}`}
      role="status"
      data-testid="read-notice"
      data-kind={kind}
      data-seq={notice.n}
    >
      <span aria-hidden="true">{kind === 'used' ? '✓ ' : '⚠ '}</span>
      {t(`readNotice.${kind}`, notice.notice)}
    </p>
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
