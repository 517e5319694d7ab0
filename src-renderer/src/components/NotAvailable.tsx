import { useTranslation } from 'react-i18next';
import { isServed, type KnownName } from '../contract';

/** Says plainly that an action waits for a station command that is not there yet. */
export function NotAvailable({ command }: { command: KnownName | string }) {
  const { t } = useTranslation();
  return (
    <p className="not-available" role="note">
      {t('common.notAvailable', { command })}
    </p>
  );
}

/** Whether every named command is served; when not, the caller shows NotAvailable and disables the action. */
export function served(...names: KnownName[]): boolean {
  return names.every(isServed);
}
