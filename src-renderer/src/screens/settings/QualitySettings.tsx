import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ErrorNote';
import { useFormat } from '../../components/format';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

/** Settings → Quality check: the AQL a new sample uses unless the Verify screen names another (ISO 2859-1 Table 2-A). */
export function QualitySettings() {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const current = useCommandQuery('verify.settings.get', {});
  const save = useCommandMutation('verify.settings.set', ['verify.settings.get']);
  return (
    <div className="card stack" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('settings.quality.title')}</h3>
      <p className="hint">{t('settings.quality.hint')}</p>
      <label htmlFor={id}>{t('settings.quality.aql')}</label>
      <select
        id={id}
        data-testid="settings-aql"
        value={current.data ? String(current.data.aql) : ''}
        disabled={!current.data || save.isPending}
        onChange={(e) => save.mutate({ aql: Number(e.target.value) })}
      >
        {current.data?.aqls.map((aql) => (
          <option key={aql} value={String(aql)}>
            {format.number(aql)}
          </option>
        ))}
      </select>
      {save.isSuccess ? (
        <p className="ok-note" role="status">
          {t('settings.quality.saved', { aql: save.data.aql })}
        </p>
      ) : null}
      <ErrorNote error={current.error} />
      <ErrorNote error={save.error} />
    </div>
  );
}
