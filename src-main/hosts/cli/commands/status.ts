import { formatBytes } from '../../../runtime/disk';
import { Exit } from '../context';
import { parseCommand } from '../flags';
import { READS_ONLY, type CliCommand } from '../command';

export const statusCommand: CliCommand = {
  path: ['status'],
  usage: 'station [--data DIR] [--json] status',
  summary: 'Show version, data dir, service profile, online state and queue counts.',
  stationOptions: READS_ONLY,
  async run(ctx, args) {
    parseCommand(args, { command: 'status', options: {} });
    const status = await ctx.call('station.status', {});
    const q = status.queue;
    ctx.print(
      status,
      [
        `Station ${status.version}`,
        `data dir   ${status.dataDir}`,
        `service    ${status.profile ? `${status.profile.name} (${status.profile.baseUrl})` : 'not connected'}`,
        `online     ${status.online}`,
        `queue      pending ${q.pending} · sending ${q.sending} · done ${q.done} · attention ${q.attention} · discarded ${q.discarded}`,
        `disk       ${
          status.disk
            ? `${formatBytes(status.disk.free)} free of ${formatBytes(status.disk.total)} · about ${status.disk.labelsLeft} Labels left${status.disk.full ? ' · FULL' : status.disk.low ? ` · LOW (below ${formatBytes(status.disk.floor)})` : ''}`
            : 'unknown'
        }`,
      ].join('\n'),
    );
    return q.attention > 0 ? Exit.attention : Exit.ok;
  },
};
