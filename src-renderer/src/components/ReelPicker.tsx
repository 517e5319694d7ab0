import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandQuery } from '../query/use-command';

/** Chooses the Reel a screen works on. */
export function ReelPicker({ reelId, pick }: { reelId: string | undefined; pick: (reelId: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const reels = useCommandQuery('reels.list', {});
  return (
    <div className="field inline">
      <label htmlFor={id}>{t('common.reel')}</label>
      <select id={id} value={reelId ?? ''} onChange={(e) => e.target.value && pick(e.target.value)}>
        <option value="">{t('common.chooseReel')}</option>
        {reels.data?.reels.map((r) => (
          <option key={r.reelId} value={r.reelId}>
            {r.name}
          </option>
        ))}
      </select>
    </div>
  );
}
