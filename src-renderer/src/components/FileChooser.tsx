import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileReading } from '../../../src-shared/domain/text-file';
import { useCommandAction } from '../query/use-command';

/** A file as the station read it: its bytes (to read again as the user chooses) and how it was read. */
export interface ChosenFile {
  name: string;
  base64: string;
  reading: FileReading;
}

/** An ArrayBuffer as base64, in slices (a spread of a whole file's bytes overflows the call stack). */
function toBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let at = 0; at < view.length; at += 0x8000) binary += String.fromCharCode(...view.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * A file picker in the UI's language. Chromium's own `<input type="file">` says "Choose File / No file chosen" in the
 * browser's language whatever the station's; this is a button of ours that opens the same chooser, then names the file
 * chosen (or says why it could not be read). The station reads the file's bytes as it reads every file (files.decode:
 * its encoding and separator found; docs/print-run.md, "Files as shops save them"); the text goes to `onText`.
 */
export function FileChooser({ label, accept, onText }: { label: string; accept: string; onText: (text: string, file: ChosenFile) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [chosen, setChosen] = useState<{ name: string; unreadable?: boolean }>();
  const decode = useCommandAction('files.decode');
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
          file
            .arrayBuffer()
            .then(async (bytes) => {
              const base64 = toBase64(bytes);
              const { text, reading } = await decode({ base64 });
              setChosen({ name: file.name });
              onText(text, { name: file.name, base64, reading });
            })
            .catch(() => setChosen({ name: file.name, unreadable: true }));
        }}
      />
    </div>
  );
}
