import { useTranslation } from 'react-i18next';
import { LOCALES, setLocale } from '../../i18n';

/** Settings: the UI's language (also sent to the service as Svc-Ctx-Locale when a remote profile is connected). */
export function SettingsScreen() {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="settings-title" className="stack">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <label>
        {t('settings.language')}
        <select value={i18n.language} onChange={(e) => void setLocale(e.target.value)}>
          {LOCALES.map((l) => (
            <option key={l.code} value={l.code}>{l.name}</option>
          ))}
        </select>
      </label>
      <p className="hint">{t('settings.localeToService')}</p>
    </section>
  );
}
