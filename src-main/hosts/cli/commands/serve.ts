import { rendererDir } from '../../web/renderer-dir';
import { chromiumReportPrinter } from '../../web/report-pdf';
import type { CliCommand } from '../command';
import { parseCommand } from '../flags';
import { writeStdout } from '../output';

/** The Reel report's "Export PDF": Chromium prints this host's own report page. */
const printer = chromiumReportPrinter();

export const serveCommand: CliCommand = {
  path: ['serve'],
  usage: 'station serve [--port N] [--data DIR]',
  summary: 'Serve the station UI and contract on 127.0.0.1 (prints one JSON line when ready).',
  longRunning: true,
  // The web host is the station's UI: it syncs in the background like the Electron host.
  stationOptions: { autoSync: true, allowFilePaths: false, deviceSupervisor: 'withStation', housekeeping: true, warmUp: true, printReport: printer.print },
  async run(ctx, args) {
    const { values } = parseCommand(args, { command: 'serve', options: { port: { type: 'number', min: 0, max: 65535, what: 'a port number' } } });
    const port = values.port ?? 0;
    // fastify and the web host load here, not for every command.
    const [{ startWebHost }, { webHostToken }] = await Promise.all([import('../../web/server'), import('../../web/token-file')]);
    // The folder's token, the same after a restart: a page the host served goes on when it is back.
    const host = await startWebHost({ station: await ctx.station(), port, rendererDir: rendererDir(), token: webHostToken(ctx.dataDir) });
    printer.bind(host);
    writeStdout(`${JSON.stringify({ ready: true, url: host.loginUrl, token: host.token })}\n`);
    await new Promise<void>((resolveStop) => {
      const stop = () => resolveStop();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await host.close();
    return 0;
  },
};
