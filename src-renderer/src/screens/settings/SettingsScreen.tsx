import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationStatus } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { LOCALES, showLocale } from '../../i18n';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';
import { QualitySettings } from './QualitySettings';
import { StorageSettings } from './StorageSettings';

/**
 * How many operations the queue sends at once: the station adapts between the two bounds (up while the service
 * answers fast and clean, down on 429, 503 and timeouts); the operator sets the bounds for the shop's link.
 */
function SendingSettings() {
  const { t } = useTranslation();
  const current = useCommandQuery('sync.concurrency.get', {});
  const save = useCommandMutation('sync.concurrency.set', ['sync.concurrency.get']);
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const loaded = current.data;
  useEffect(() => {
    if (!loaded) return;
    setMin(String(loaded.min));
    setMax(String(loaded.max));
  }, [loaded?.min, loaded?.max]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ min: Number(min), max: Number(max) });
  };
  return (
    <form onSubmit={submit} aria-labelledby="sending-title" className="card stack">
      <h3 id="sending-title">{t('settings.sending.title')}</h3>
      <p className="hint">{t('settings.sending.hint')}</p>
      <div className="toolbar">
        <label>
          {t('settings.sending.min')}
          <input type="number" min={1} max={64} required value={min} onChange={(e) => setMin(e.target.value)} />
        </label>
        <label>
          {t('settings.sending.max')}
          <input type="number" min={1} max={64} required value={max} onChange={(e) => setMax(e.target.value)} />
        </label>
        <button type="submit" disabled={save.isPending}>
          {t('settings.sending.save')}
        </button>
      </div>
      {loaded ? (
        <p role="status" data-testid="sending-now">
          {t('settings.sending.now', { count: loaded.current })}
        </p>
      ) : null}
      {save.isSuccess ? <p className="ok-note">{t('settings.sending.saved')}</p> : null}
      {current.error ? <ErrorNote error={current.error} /> : null}
      {save.error ? <ErrorNote error={save.error} /> : null}
    </form>
  );
}

/**
 * Settings: the UI's language, the station's for every window (`station.language`), also sent to the service as
 * Svc-Ctx-Locale for the active profile (profiles.update).
 */
export function SettingsScreen({ status }: { status: StationStatus | undefined }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<unknown>();
  const update = useCommandMutation('profiles.update', ['profiles.list']);
  const language = useCommandMutation('station.language');
  const choose = async (code: string) => {
    setError(undefined);
    try {
      if (code !== 'en' && code !== 'de') return;
      await showLocale(code);
      await language.mutateAsync({ language: code });
      if (!status?.profile) return;
      await update.mutateAsync({ locale: code });
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section aria-labelledby="settings-title" className="stack settings">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <div className="card stack">
        <label>
          {t('settings.language')}
          <select value={i18n.language} onChange={(e) => void choose(e.target.value)}>
            {LOCALES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <p className="hint">{t('settings.localeToService')}</p>
        {error ? <ErrorNote error={error} /> : null}
      </div>
      <SendingSettings />
      <QualitySettings />
      <StorageSettings liveDisk={status?.disk} />
    </section>
  );
}
