import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { askToConfirm } from '../../components/ConfirmDialog';

/**
 * A Reel's NFC encoding (docs/devices.md, "Encoding a chip"), set where the Reel is prepared (beside its print data and
 * print run): encode each chip at the Bench, and lock it after writing (off by default). Turning the lock on asks
 * first: a locked chip can never be rewritten.
 */
export function ReelNfcSettings({ reelId, reelName, close }: { reelId: string; reelName: string; close: () => void }) {
  const { t } = useTranslation();
  const settings = useCommandQuery('nfc.settings', { reelId });
  const save = useCommandMutation('nfc.settings', ['nfc.settings']);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  // While a change is saved, the boxes show it already.
  const saved = save.data ?? settings.data;
  const current = saved && save.isPending ? { ...saved, ...save.variables } : saved;
  return (
    <section ref={panel} className="card stack" role="region" aria-labelledby="reel-nfc-title" data-testid="reel-nfc-settings">
      <h3 id="reel-nfc-title">{t('nfcEncode.settings.title', { reel: reelName })}</h3>
      <label className="check">
        <input
          type="checkbox"
          checked={current?.encode ?? false}
          disabled={!current || save.isPending}
          onChange={(e) => save.mutate({ reelId, encode: e.target.checked })}
        />
        {t('nfcEncode.settings.encode')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={current?.lock ?? false}
          disabled={!current || save.isPending}
          onChange={async (e) => {
            const lock = e.target.checked;
            if (
              lock &&
              !(await askToConfirm({ message: t('nfcEncode.settings.confirmLock', { reel: reelName }), confirm: t('confirm.lockChips'), danger: true }))
            )
              return;
            save.mutate({ reelId, lock });
          }}
        />
        {t('nfcEncode.settings.lock')}
      </label>
      <p className="hint">{current?.lock ? t('nfcEncode.settings.lockOn') : t('nfcEncode.settings.lockOff')}</p>
      <ErrorNote error={settings.error ?? save.error} />
      <div className="toolbar">
        <button type="button" onClick={close}>
          {t('common.close')}
        </button>
      </div>
    </section>
  );
}
