import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReelGrading } from '../../../../src-shared/ipc/grades';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

// A Reel's lowest accepted print grade and what a save does with a Label below it (grades.setting; docs/print-quality.md,
// "A grade per Label"): flag it (saved, flagged) or refuse it (not saved: reprint and capture again). Default C, flag.

const MIN_GRADES: readonly ReelGrading['minGrade'][] = ['A', 'B', 'C', 'D'];

export function GradeSettingForm({ reelId }: { reelId: string }) {
  const { t } = useTranslation();
  const current = useCommandQuery('grades.getSetting', { reelId });
  const save = useCommandMutation('grades.setting', ['grades.getSetting', 'grades.reel', 'report.reel']);
  const [draft, setDraft] = useState<ReelGrading>();
  useEffect(() => {
    if (current.data) setDraft(current.data);
  }, [current.data]);
  return (
    <details className="card" data-testid="grade-setting-form">
      <summary>{t('gradeTrend.setting.title')}</summary>
      <p className="hint">{t('grade.notCertified')}</p>
      <ErrorNote error={current.error} />
      {draft ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ reelId, ...draft });
          }}
        >
          <div className="form-grid">
            <label>
              {t('gradeTrend.setting.minGrade')}
              <select value={draft.minGrade} onChange={(e) => setDraft({ ...draft, minGrade: e.target.value as ReelGrading['minGrade'] })}>
                {MIN_GRADES.map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('gradeTrend.setting.below')}
              <select value={draft.below} onChange={(e) => setDraft({ ...draft, below: e.target.value as ReelGrading['below'] })}>
                <option value="flag">{t('gradeTrend.setting.flag')}</option>
                <option value="refuse">{t('gradeTrend.setting.refuse')}</option>
              </select>
            </label>
          </div>
          <div className="toolbar">
            <button type="submit" disabled={save.isPending}>
              {t('gradeTrend.setting.save')}
            </button>
          </div>
        </form>
      ) : null}
      {save.data && !save.isPending ? (
        <p role="status" data-testid="grade-setting-saved">
          {t('gradeTrend.setting.saved', { min: save.data.minGrade, below: t(`gradeTrend.setting.${save.data.below}`) })}
        </p>
      ) : null}
      <ErrorNote error={save.error} />
    </details>
  );
}
