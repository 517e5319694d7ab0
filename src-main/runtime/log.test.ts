import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tmp';
import { LOG_ROTATE_BYTES, logPath, openStationLog } from './log';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

describe('station log', () => {
  it('appends JSON lines across opens, and sets a log grown past its limit aside as station.log.1', () => {
    const d = tempDir('station-log-');
    dirs.push(d);
    const first = openStationLog(d.path);
    first.logger.info({ n: 1 }, 'first');
    first.close();
    const second = openStationLog(d.path);
    second.logger.info({ n: 2 }, 'second');
    second.close();
    expect(
      readFileSync(logPath(d.path), 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { msg: string }).msg),
    ).toEqual(['first', 'second']);

    truncateSync(logPath(d.path), LOG_ROTATE_BYTES);
    const third = openStationLog(d.path);
    third.logger.warn({ n: 3 }, 'third');
    third.close();
    expect(statSync(`${logPath(d.path)}.1`).size).toBe(LOG_ROTATE_BYTES);
    expect(readFileSync(logPath(d.path), 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('creates its folder', () => {
    const d = tempDir('station-log-');
    dirs.push(d);
    mkdirSync(join(d.path, 'x'));
    writeFileSync(join(d.path, 'x', 'keep'), '');
    const log = openStationLog(join(d.path, 'x'));
    log.close();
    expect(existsSync(join(d.path, 'x', 'logs', 'station.log'))).toBe(true);
  });

  it('drops a line it cannot write (a full disk: ENOSPC) instead of throwing, and logs the count once space is back', () => {
    const d = tempDir('station-log-');
    dirs.push(d);
    let full = false;
    const write = (fd: number, data: Buffer, offset: number) => {
      if (full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return writeSync(fd, data, offset);
    };
    const log = openStationLog(d.path, 'info', write);
    log.logger.info('before');
    full = true;
    for (let i = 0; i < 3; i += 1) expect(() => log.logger.warn({ i }, 'lost')).not.toThrow();
    full = false;
    log.logger.info('after');
    log.close();
    const lines = readFileSync(logPath(d.path), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; dropped?: number });
    expect(lines.map((l) => l.msg)).toEqual(['before', expect.stringContaining('3 log lines were dropped'), 'after']);
    expect(lines[1]?.dropped).toBe(3);
  });

  it('never throws on a log file whose every write fails with ENOSPC (/dev/full)', () => {
    const d = tempDir('station-log-');
    dirs.push(d);
    mkdirSync(join(d.path, 'logs'));
    symlinkSync('/dev/full', logPath(d.path));
    const log = openStationLog(d.path);
    expect(() => {
      for (let i = 0; i < 10; i += 1) log.logger.error({ i }, 'cannot be written');
    }).not.toThrow();
    log.close();
  });
});
