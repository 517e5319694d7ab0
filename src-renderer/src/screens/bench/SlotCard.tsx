import { useTranslation } from 'react-i18next';
import type { ExpectedValues } from '../../../../src-shared/domain/label';
import type { Slot } from './bench-reducer';

/** One expected identifier of the current Label: waiting, or filled with its value. */
export function SlotCard({ slot, expected }: { slot: Slot; expected: ExpectedValues | null }) {
  const { t } = useTranslation();
  const filled = slot.value !== undefined || slot.captureSha256 !== undefined;
  const printed = slot.tagType !== 'SVC' ? expected?.[slot.tagType] : undefined;
  const shown = slot.value ?? (slot.captureSha256 ? t('bench.captured') : t('bench.slotWaiting'));
  return (
    <li
      className={`slot ${filled ? 'filled' : 'waiting'}`}
      data-testid={`slot-${slot.tagType}`}
      aria-label={filled ? t('bench.slotFilled', { tagType: slot.tagType, value: shown }) : t('bench.slotEmpty', { tagType: slot.tagType })}
    >
      <span className="slot-type">{slot.tagType}</span>
      <span className="slot-mark" aria-hidden="true">
        {filled ? '✓' : '○'}
      </span>
      {slot.thumbnail ? <img src={slot.thumbnail} alt={t('bench.captureAlt')} className="thumb" /> : null}
      <span className="slot-value mono" title={shown}>
        {shown}
      </span>
      {printed ? (
        <span className="slot-printed hint" title={printed}>
          {t('bench.printed', { value: printed })}
        </span>
      ) : null}
    </li>
  );
}
