import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../src-shared/ipc';
import { MenuButton, type MenuChoice } from '../../components/MenuButton';

type ReelRow = CommandOutput<'reels.list'>['reels'][number];

/**
 * A Reels row's set-up actions under one "Set up…" menu (docs/architecture.md, "Renderer", layout rules): print data,
 * the print run and, for a Reel whose Labels carry an NFC chip, its chips. Enroll and the Reel map, the everyday
 * actions, stay buttons beside it, so a row keeps one line at 1366 px in German too. Each choice keeps its name with the
 * Reel's ("Prepare print run for Wine 7") for screen readers.
 */
export function ReelSetUpMenu({
  reel,
  importData,
  prepareRun,
  nfcChips,
}: {
  reel: Pick<ReelRow, 'name' | 'expectedIdentifiers'>;
  importData: () => void;
  prepareRun: () => void;
  nfcChips: () => void;
}) {
  const { t } = useTranslation();
  const name = reel.name;
  const choices: MenuChoice[] = [
    { key: 'import', label: t('reels.import'), name: t('reels.importFor', { name }), choose: importData },
    { key: 'run', label: t('reels.prepareRun'), name: t('reels.prepareRunFor', { name }), choose: prepareRun },
  ];
  // Only a Reel whose Labels carry an NFC chip has chips to encode (docs/devices.md, "Encoding a chip").
  if (reel.expectedIdentifiers.some((e) => e.tagType === 'NFC' && e.count > 0))
    choices.push({ key: 'nfc', label: t('reels.setUpMenu.nfcChips'), name: t('nfcEncode.settings.openFor', { name }), choose: nfcChips });
  return <MenuButton label={t('reels.setUpMenu.setUp')} name={t('reels.setUpMenu.setUpFor', { name })} choices={choices} />;
}
