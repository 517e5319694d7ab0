import { useTranslation } from 'react-i18next';
import type { SavedFile } from './download';

/** The line after a save: the file's name and what it holds (components/download.ts). */
export function SavedNote({ saved }: { saved: SavedFile | undefined }) {
  const { t } = useTranslation();
  if (!saved) return null;
  return (
    <p className="ok-note" role="status" data-testid="download-saved">
      ✓ {t('common.saved', { file: saved.fileName, holds: saved.holds })}
    </p>
  );
}
