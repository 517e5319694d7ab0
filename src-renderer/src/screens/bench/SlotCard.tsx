import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpectedValues } from '../../../../src-shared/domain/label';
import { Breakable } from '../../components/Breakable';
import type { Slot } from './bench-reducer';
import { GradeBelow } from './GradeBelow';
import { GradeChip } from './GradeChip';

/**
 * One expected identifier of the current Label: waiting, or filled with its value; `next` marks the slot asked for next.
 * `encode`: the NFC slot of a Reel that encodes its chips says so, and what is written (BenchNfcEncode.tsx).
 */
export function SlotCard({
  slot,
  expected,
  next,
  reelId,
  encode,
}: {
  slot: Slot;
  expected: ExpectedValues | null;
  next: boolean;
  reelId?: string;
  encode?: ReactNode;
}) {
  const { t } = useTranslation();
  const filled = slot.value !== undefined || slot.captureSha256 !== undefined;
  const printed = slot.tagType !== 'SVC' ? expected?.[slot.tagType] : undefined;
  const shown = slot.value ?? (slot.captureSha256 ? t('bench.captured') : t('bench.slotWaiting'));
  return (
    <li
      className={`slot ${filled ? 'filled' : 'waiting'}${next ? ' next' : ''}`}
      data-testid={`slot-${slot.tagType}`}
      aria-current={next ? 'step' : undefined}
      aria-label={filled ? t('bench.slotFilled', { tagType: slot.tagType, value: shown }) : t('bench.slotEmpty', { tagType: slot.tagType })}
    >
      <span className="slot-type">
        {slot.tagType}
        {next ? (
          <span className="slot-next" aria-hidden="true">
            {t(slot.tagType === 'SVC' ? 'bench.nextCapture' : encode ? 'nfcEncode.slot.nextEncode' : 'bench.nextScan')}
          </span>
        ) : null}
      </span>
      <span className="slot-mark" aria-hidden="true">
        {filled ? '✓' : '○'}
      </span>
      {slot.thumbnail ? <img src={slot.thumbnail} alt={t('bench.captureAlt')} className="thumb" /> : null}
      {slot.grade ? <GradeChip grade={slot.grade} /> : null}
      {slot.grade ? <GradeBelow grade={slot.grade} reelId={reelId} /> : null}
      <span className="slot-value mono" title={shown}>
        {shown}
      </span>
      {encode}
      {printed ? (
        <span className="slot-printed hint" title={printed}>
          {t('bench.printedLabel')} <Breakable text={printed} />
        </span>
      ) : null}
    </li>
  );
}
