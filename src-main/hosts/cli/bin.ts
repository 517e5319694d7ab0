import { runCli } from './main';
import { flushOutput, writeStderr } from './output';

// The `station` process: runs one command, then ends as soon as its answer is printed and its
// station closed. Nothing the station started may keep a finished command alive (README:
// Command line): a socket still open to the service, a timer or a device probe would otherwise
// hold the process for as long as they last. No top-level await: the CLI is built as CommonJS, to run with V8's code
// cache (scripts/run-built.mjs).

void runCli(process.argv.slice(2))
  .catch((error: unknown) => {
    writeStderr(`${error instanceof Error ? error.stack : String(error)}\n`);
    return 1;
  })
  .then(async (code) => {
    await flushOutput();
    process.exit(code);
  });
