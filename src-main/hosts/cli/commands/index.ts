import type { CliCommand } from '../command';
import { devicesListCommand, devicesWatchCommand } from './devices';
import { bulkBindCommand } from './bulk-bind';
import { connectCommand } from './connect';
import { enrollCommand } from './enroll';
import { gradeCommand, gradeSettingCommand } from './grade';
import { importCommand } from './import';
import { moveCommand } from './move';
import { nfcCountsCommand, nfcEncodeCommand, nfcReadCommand, nfcSettingsCommand } from './nfc';
import { printRunGenerateCommand } from './print-run';
import {
  printTemplateAddCommand,
  printTemplateListCommand,
  printTemplateRemoveCommand,
  printTemplateShowCommand,
  printTemplateUseCommand,
} from './print-templates';
import {
  printCommand,
  printLogCommand,
  printResumeCommand,
  printStatusCommand,
  printStopCommand,
  printerAddCommand,
  printerRemoveCommand,
  printerTestCommand,
  printersCommand,
  reprintCommand,
} from './printers';
import { queueDiscardCommand, queueListCommand, queueRepositionCommand, queueRetryCommand, queueSeenCommand, queueSettleCommand } from './queue';
import { reelCreateCommand, reelDirectionCommand, reelFindCommand, reelListCommand, reelOpenCommand, reelRangeCommand, reelShowCommand } from './reel';
import { reportCommand, reportShiftCommand } from './report';
import { serveCommand } from './serve';
import { syncCommand, syncConcurrencyCommand } from './sync';
import { statusCommand } from './status';
import { storageCommand } from './storage';
import { verifyCheckCommand, verifyPlanCommand, verifyStatusCommand } from './verify';

/** Every CLI command; each area adds its own module here. */
export const cliCommands: readonly CliCommand[] = [
  devicesListCommand,
  devicesWatchCommand,
  statusCommand,
  serveCommand,
  connectCommand,
  reelCreateCommand,
  reelShowCommand,
  reelListCommand,
  reelFindCommand,
  reelOpenCommand,
  reelRangeCommand,
  reelDirectionCommand,
  enrollCommand,
  importCommand,
  syncCommand,
  syncConcurrencyCommand,
  queueListCommand,
  queueRetryCommand,
  queueRepositionCommand,
  queueSettleCommand,
  queueSeenCommand,
  queueDiscardCommand,
  bulkBindCommand,
  moveCommand,
  printRunGenerateCommand,
  printTemplateAddCommand,
  printTemplateListCommand,
  printTemplateShowCommand,
  printTemplateRemoveCommand,
  printTemplateUseCommand,
  printersCommand,
  printerAddCommand,
  printerRemoveCommand,
  printerTestCommand,
  printCommand,
  printStatusCommand,
  printResumeCommand,
  printStopCommand,
  printLogCommand,
  reprintCommand,
  verifyPlanCommand,
  verifyCheckCommand,
  verifyStatusCommand,
  reportCommand,
  reportShiftCommand,
  storageCommand,
  gradeCommand,
  gradeSettingCommand,
  nfcReadCommand,
  nfcEncodeCommand,
  nfcCountsCommand,
  nfcSettingsCommand,
];
