import { useTranslation } from 'react-i18next';
import { GRADE_SCORE } from '../../../../src-shared/domain/grade-order';
import type { LabelGrade as LabelGradeView } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandQuery } from '../../query/use-command';

// The Label panel's print grade (docs/print-quality.md, "On the screens"): the Label's grade with its decimal score,
// whether it is flagged (below the Reel's lowest accepted grade now), its worst parameters with theirs, and that this
// is a process-control grade from the bench camera, not a certified verification.

type Parameter = keyof LabelGradeView['symbols'][number]['parameters'];

/** The parameters of the Label's lowest-scored symbol below A, worst first (at most three). */
function worstParameters(label: LabelGradeView): Array<{ parameter: Parameter; grade: string; score: number }> {
  const symbol = label.symbols.reduce((a, b) => (b.score < a.score ? b : a));
  return (Object.keys(symbol.parameters) as Parameter[])
    .map((parameter) => {
      const grade = symbol.parameters[parameter];
      return { parameter, grade, score: symbol.scores?.[parameter] ?? GRADE_SCORE[grade] };
    })
    .filter((p) => p.grade !== 'A')
    .sort((a, b) => a.score - b.score)
    .slice(0, 3);
}

export function LabelGrade({ reelId, position }: { reelId: string; position: number }) {
  const { t } = useTranslation();
  const grades = useCommandQuery('grades.reel', { reelId, position });
  if (grades.error) return <ErrorNote error={grades.error} />;
  if (!grades.data) return null;
  const label = grades.data.labels[0];
  const id = `label-grade-${reelId}-${position}`;
  return (
    <section aria-labelledby={id} data-testid="label-grade" data-grade={label?.grade} data-flagged={label?.flagged}>
      <h4 id={id}>{t('grade.label.title')}</h4>
      {!label ? (
        <p className="hint">{t('grade.label.none')}</p>
      ) : (
        <>
          <p>
            <span className={`grade-chip grade-${label.grade}`} data-testid="label-grade-value">
              {t('grade.label.value', { grade: label.grade, score: label.score })}
            </span>{' '}
            {label.grade === 'A' ? t('grade.label.good') : t(`grade.parameter.${label.worst}`)}
          </p>
          {label.flagged ? (
            <p className="warning-note" role="note" data-testid="label-grade-flagged">
              <span aria-hidden="true">! </span>
              {t('grade.label.flagged', { min: grades.data.grading.minGrade })}
            </p>
          ) : null}
          <WorstList label={label} />
          <p className="hint">{t('grade.notCertified')}</p>
        </>
      )}
    </section>
  );
}

function WorstList({ label }: { label: LabelGradeView }) {
  const { t } = useTranslation();
  const worst = worstParameters(label);
  if (worst.length === 0) return <p className="hint">{t('grade.label.allGood')}</p>;
  return (
    <>
      <h5>{t('grade.label.worst')}</h5>
      <ul className="grade-worst" data-testid="label-grade-worst">
        {worst.map((p) => (
          <li key={p.parameter}>{t('grade.label.parameter', { parameter: t(`grade.parameter.${p.parameter}`), grade: p.grade, score: p.score })}</li>
        ))}
      </ul>
    </>
  );
}
