import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onScanInField } from '../shell/wedge-capture';
import type { ScanInField } from './use-wedge';

/** How long the notice stays after the last scan typed into a field. */
const NOTICE_MS = 8_000;

/** Names the field the last scan was typed into, and says the scan was used, not left in the field. */
export function ScanFieldNotice() {
  const { t } = useTranslation();
  const [scan, setScan] = useState<ScanInField>();
  useEffect(() => {
    return onScanInField(setScan);
  }, []);
  useEffect(() => {
    if (!scan) return undefined;
    const timer = setTimeout(() => setScan(undefined), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [scan]);
  if (!scan) return null;
  return (
    <p className="scan-notice" role="status" data-testid="scan-in-field">
      {t('wedge.inField', { text: scan.text, field: scan.field || t('wedge.aField') })}
    </p>
  );
}
