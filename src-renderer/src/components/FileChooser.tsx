import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A file picker in the UI's language. Chromium's own `<input type="file">` says "Choose File / No file chosen" in the
 * browser's language whatever the station's; this is a button of ours that opens the same chooser, then names the file
 * chosen (or says why it could not be read). The file's text goes to `onText`.
 */
export function FileChooser({ label, accept, onText }: { label: string; accept: string; onText: (text: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [chosen, setChosen] = useState<{ name: string; unreadable?: boolean }>();
  return (
    <div className="file-chooser" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`}>{label}</span>
      <div className="toolbar">
        <button type="button" aria-describedby={`${id}-chosen`} onClick={() => input.current?.click()}>
          {t('common.chooseFile')}
        </button>
        <span id={`${id}-chosen`} className={chosen?.unreadable ? 'error-text' : 'hint'} data-testid="file-chosen">
          {chosen ? (chosen.unreadable ? t('common.fileUnreadable', { file: chosen.name }) : chosen.name) : t('common.noFile')}
        </span>
      </div>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file chosen again is a new choice (its text may have changed on disk).
          e.target.value = '';
          if (!file) return;
          file.text().then(
            (text) => {
              setChosen({ name: file.name });
              onText(text);
            },
            () => setChosen({ name: file.name, unreadable: true }),
          );
        }}
      />
    </div>
  );
}
