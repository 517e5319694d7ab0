import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

// Go to a position (docs/architecture.md, "The Bench's session"): a field and its button, on the Bench (F2 puts the
// cursor in it) and on the Reel map. A position is a whole number from 0; anything else is said at once, not sent.

/** The position a go-to field holds, or undefined when it is not a whole number from 0. */
function positionOf(text: string): number | undefined {
  const trimmed = text.trim();
  return /^[0-9]{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}

export function GoToPosition({
  go,
  inputRef,
  keys,
  testId,
}: {
  go: (position: number) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The key that puts the cursor in the field, shown beside it. */
  keys?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const position = positionOf(text);
  const invalid = text.trim() !== '' && position === undefined;
  return (
    <form
      className="go-to-position"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (position === undefined) return;
        go(position);
        setText('');
      }}
    >
      <label>
        <span>
          {t('goTo.label')}
          {keys ? (
            <>
              {' '}
              <kbd>{keys}</kbd>
            </>
          ) : null}
        </span>
        <input
          ref={inputRef}
          inputMode="numeric"
          size={7}
          value={text}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${testId}-invalid` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="submit" disabled={position === undefined}>
        {t('goTo.go')}
      </button>
      {invalid ? (
        <span className="hint" id={`${testId}-invalid`} role="alert">
          {t('goTo.invalid')}
        </span>
      ) : null}
    </form>
  );
}
