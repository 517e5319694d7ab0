import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationStatus } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { LOCALES, setLocale } from '../../i18n';
import { station } from '../../station-client';

/** Settings: the UI's language, also sent to the service as Svc-Ctx-Locale for the active profile (profiles.update). */
export function SettingsScreen({ status }: { status: StationStatus | undefined }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<unknown>();
  const choose = async (code: string) => {
    setError(undefined);
    await setLocale(code);
    if (!status?.profile) return;
    try {
      await station.call('profiles.update', { locale: code });
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section aria-labelledby="settings-title" className="stack">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <label>
        {t('settings.language')}
        <select value={i18n.language} onChange={(e) => void choose(e.target.value)}>
          {LOCALES.map((l) => (
            <option key={l.code} value={l.code}>{l.name}</option>
          ))}
        </select>
      </label>
      <p className="hint">{t('settings.localeToService')}</p>
      {error ? <ErrorNote error={error} /> : null}
    </section>
  );
}
