import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format';

// A calendar day in the UI's language (docs/architecture.md, "Renderer": numbers, sizes, dates and times). The
// browser's <input type="date"> shows the browser's locale, so a German screen showed 11/26/2026: this field shows and
// reads the day as the UI's language writes it ("26.11.2026"), with a step to the day before and after.

function shift(isoDay: string, days: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** `value` and `onChange` are YYYY-MM-DD; a typed day is taken once it is a date (Enter or leaving the field). */
export function DateField({ id, value, onChange }: { id: string; value: string; onChange: (isoDay: string) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [text, setText] = useState(() => format.day(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(format.day(value));
    setInvalid(false);
  }, [value, format]);
  const take = () => {
    const day = format.parseDay(text);
    setInvalid(day === null);
    if (day !== null && day !== value) onChange(day);
    else if (day !== null) setText(format.day(day));
  };
  return (
    <span className="date-field">
      <button type="button" onClick={() => onChange(shift(value, -1))} aria-label={t('common.dayBefore')}>
        ◀
      </button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={text}
        size={11}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-invalid` : undefined}
        data-testid="date-field"
        onChange={(e) => setText(e.target.value)}
        onBlur={take}
        onKeyDown={(e) => {
          if (e.key === 'Enter') take();
        }}
      />
      <button type="button" onClick={() => onChange(shift(value, 1))} aria-label={t('common.dayAfter')}>
        ▶
      </button>
      {invalid ? (
        <span id={`${id}-invalid`} className="field-error" role="alert">
          {t('common.dateInvalid', { example: format.day(value) })}
        </span>
      ) : null}
    </span>
  );
}
