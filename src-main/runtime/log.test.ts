import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
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

  it('opens nothing before its first line (nor below its level), then creates its folder', () => {
    const d = tempDir('station-log-');
    dirs.push(d);
    mkdirSync(join(d.path, 'x'));
    writeFileSync(join(d.path, 'x', 'keep'), '');
    const log = openStationLog(join(d.path, 'x'), 'info');
    log.logger.debug({ n: 0 }, 'below the level');
    log.logger.child({ area: 'service' }).debug({ n: 0 }, 'below the level');
    expect(log.opened).toBe(false);
    expect(existsSync(join(d.path, 'x', 'logs'))).toBe(false);
    log.logger.child({ area: 'service' }).child({ kind: 'token' }).info({ n: 1 }, 'first');
    log.close();
    expect(log.opened).toBe(true);
    expect(JSON.parse(readFileSync(logPath(join(d.path, 'x')), 'utf8'))).toMatchObject({ level: 30, area: 'service', kind: 'token', n: 1, msg: 'first' });
  });

  it('writes the line set before the first line only with a first line, or when opened', () => {
    const d = tempDir('station-log-');
    dirs.push(d);
    const quiet = openStationLog(d.path, 'info');
    quiet.beforeFirstLine({ version: '1' }, 'station started');
    quiet.logger.debug('below the level');
    quiet.close();
    expect(existsSync(logPath(d.path))).toBe(false);

    const failing = openStationLog(d.path, 'info');
    failing.beforeFirstLine({ version: '2' }, 'station started');
    failing.logger.child({ area: 'service' }).warn({ code: 'X' }, 'service request failed');
    failing.logger.info('later');
    failing.close();

    const host = openStationLog(d.path, 'info');
    host.beforeFirstLine({ version: '3' }, 'station started');
    host.open();
    host.close();
    const lines = readFileSync(logPath(d.path), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; version?: string });
    expect(lines.map((l) => [l.msg, l.version])).toEqual([
      ['station started', '2'],
      ['service request failed', undefined],
      ['later', undefined],
      ['station started', '3'],
    ]);
  });

  it('refuses a level that is not one, saying which are', () => {
    const d = tempDir('station-log-');
    dirs.push(d);
    expect(() => openStationLog(d.path, 'verbose')).toThrow(
      'STATION_LOG_LEVEL is "verbose", which is not a log level: set it to trace, debug, info, warn or error',
    );
  });

  it('drops a line whose log folder cannot be made, and writes the count once it can', () => {
    const d = tempDir('station-log-');
    dirs.push(d);
    writeFileSync(join(d.path, 'logs'), 'a file where the folder belongs');
    const log = openStationLog(d.path, 'info');
    expect(() => log.logger.error({ n: 1 }, 'cannot be written')).not.toThrow();
    rmSync(join(d.path, 'logs'));
    log.logger.info({ n: 2 }, 'written');
    log.close();
    const lines = readFileSync(logPath(d.path), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; dropped?: number });
    expect(lines.map((l) => l.msg)).toEqual([expect.stringContaining('1 log lines were dropped'), 'written']);
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
