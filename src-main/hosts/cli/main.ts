import { StationError } from '../../../src-shared/ipc/envelope';
import type { CliCommand } from './command';
import { cliCommands } from './commands';
import { createCliContext, defaultDataDir, Exit, UsageError } from './context';
import { writeStderr, writeStdout } from './output';

const GLOBAL_USAGE = 'usage: station [--data DIR] [--json] <command> [args]';

function helpText(): string {
  const width = Math.max(...cliCommands.map((c) => c.path.join(' ').length));
  return [
    GLOBAL_USAGE,
    '',
    'Commands:',
    ...cliCommands.map((c) => `  ${c.path.join(' ').padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    '  --data DIR  station data directory (default $STATION_DATA_DIR or ~/.local/share/enrollment-station)',
    '  --json      print one JSON document',
    '',
    'Exit codes: 0 ok, 1 failed, 2 usage error, 3 finished with items needing attention (verify: a failed sample or a rejected lot).',
  ].join('\n');
}

/**
 * Splits the global options from the command words and its args. `--data` and `--json` are
 * global wherever they stand (`station serve --data DIR` as well as `station --data DIR serve`);
 * no command has an option of those names.
 */
function parseGlobal(argv: string[]): { dataDir: string; json: boolean; rest: string[] } {
  let dataDir = defaultDataDir();
  let json = false;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--data') {
      const value = argv[i + 1];
      if (!value) throw new UsageError('--data needs a directory.');
      dataDir = value;
      i += 1;
    } else if (arg.startsWith('--data=')) {
      dataDir = arg.slice('--data='.length);
    } else if (arg === '--json') {
      json = true;
    } else {
      rest.push(arg);
    }
  }
  return { dataDir, json, rest };
}

function findCommand(words: string[]): { command: CliCommand; args: string[] } | undefined {
  const sorted = [...cliCommands].sort((a, b) => b.path.length - a.path.length);
  for (const command of sorted) {
    if (command.path.every((word, i) => words[i] === word)) return { command, args: words.slice(command.path.length) };
  }
  return undefined;
}

export async function runCli(argv: string[]): Promise<number> {
  let json = argv.includes('--json');
  try {
    const global = parseGlobal(argv);
    json = global.json;
    if (global.rest.length === 0 || global.rest[0] === 'help' || global.rest.includes('--help')) {
      writeStdout(`${helpText()}\n`);
      return global.rest.length === 0 ? Exit.usage : Exit.ok;
    }
    const found = findCommand(global.rest);
    if (!found) throw new UsageError(`Unknown command "${global.rest.join(' ')}". Run "station help" for the list.`);
    const ctx = createCliContext(global.dataDir, json, found.command.stationOptions);
    // The answer, an error's too, is printed before the station closes; bin.ts ends the process
    // once it has closed.
    let code: number;
    try {
      code = await found.command.run(ctx, found.args);
    } catch (error) {
      code = reportError(error, json);
    }
    try {
      await ctx.close();
    } catch (error) {
      // Said on stderr only: stdout already holds the command's one answer.
      writeStderr(`The station did not close cleanly: ${error instanceof Error ? error.message : String(error)}\n`);
      if (code === Exit.ok) code = Exit.failed;
    }
    return code;
  } catch (error) {
    return reportError(error, json);
  }
}

function reportError(error: unknown, json: boolean): number {
  if (error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    if (json) writeStdout(`${JSON.stringify({ error: { code: 'USAGE', message: error.message } })}\n`);
    writeStderr(`${error.message}\n${GLOBAL_USAGE}\n`);
    return Exit.usage;
  }
  if (error instanceof StationError) {
    const shape = error.toShape();
    if (json) writeStdout(`${JSON.stringify({ error: shape })}\n`);
    const parts = [
      `error ${shape.code}`,
      shape.status ? `(HTTP ${shape.status})` : '',
      shape.message,
      shape.requestId ? `[request id ${shape.requestId}]` : '',
    ];
    writeStderr(`${parts.filter(Boolean).join(' ')}\n`);
    return Exit.failed;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (json) writeStdout(`${JSON.stringify({ error: { code: 'STATION_INTERNAL', message: String(error instanceof Error ? error.message : error) } })}\n`);
  writeStderr(`${message}\n`);
  return Exit.failed;
}
