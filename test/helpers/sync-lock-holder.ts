import { createInterface } from 'node:readline';
import { tryAcquireSyncLock } from '../../src-main/store/sync-lock';

// A process that takes a data folder's sync lock (src-main/store/sync-lock.ts) for the lock's
// tests: `node --import tsx test/helpers/sync-lock-holder.ts DIR`. It prints one JSON line
// `{ ready: true, pid, held, ownerPid }`, then obeys stdin lines:
//   release     let go of the lock, answer `{ released: true }`
//   release N   answer `{ releasingInMs: N }`, let go N ms later (a holder that is about to stop)
//   exit        end the process without releasing (what a crash leaves behind)
// It also ends when its stdin closes, so a dead test never leaves it behind.

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: sync-lock-holder.ts DATA_DIR\n');
  process.exit(2);
}
const lock = tryAcquireSyncLock(dir);
process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid, held: lock.held, ownerPid: lock.held ? null : lock.ownerPid })}\n`);

const release = () => {
  if (lock.held) lock.release();
  process.stdout.write(`${JSON.stringify({ released: true })}\n`);
};
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, arg] = line.trim().split(/\s+/);
  if (command === 'release' && arg !== undefined) {
    process.stdout.write(`${JSON.stringify({ releasingInMs: Number(arg) })}\n`);
    setTimeout(release, Number(arg));
  } else if (command === 'release') release();
  else if (command === 'exit') process.exit(0);
});
lines.on('close', () => process.exit(0));
