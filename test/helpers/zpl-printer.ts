import { createServer, type Server, type Socket } from 'node:net';

// A ZPL label printer on a TCP socket (docs/testing.md, "Real parts"), standing for a Zebra on port 9100: it reads
// the byte stream in order, keeps each `^XA … ^XZ` format in its receive buffer, prints one every `labelMs`, and
// answers `~HS` at once with the three strings of the ZPL II Programming Guide (written here from the guide, not
// from the station's parser). It can run out of paper after N labels, be paused, have its head opened, drop the
// connection after N labels (it prints on what it holds, as a Zebra does) or restart (what it holds is lost);
// `~JA` (cancel all) empties its buffer. Like a Link-OS printer it answers `! U1 getvar "odometer.total_label_count"`
// with its label odometer (kept across restarts), unless made without one (it then ignores the getvar, as an older
// printer does). What it printed is kept, format by format.

const STX = '\u0002';
const ETX = '\u0003';

export interface FakeZplPrinter {
  port: number;
  address: string;
  /** Every format printed, in order (the `^XA … ^XZ` text). */
  printed: string[];
  /** Formats received and not started. */
  buffered(): number;
  /** Nothing in the buffer and nothing printing. */
  idle(): boolean;
  /** Run out of paper after `labels` more labels (0: now). */
  paperOutAfter(labels: number): void;
  /** Paper loaded again (paper out cleared). */
  loadPaper(): void;
  setPaused(paused: boolean): void;
  setHeadOpen(open: boolean): void;
  /** Drop the connection after `labels` more labels; the printer prints on what it holds. */
  dropAfter(labels: number): void;
  /** Drop every connection now; the printer prints on what it holds. */
  dropConnections(): void;
  /** Restart after `labels` more labels (0: now): connections dropped, what it holds lost, the odometer kept. */
  restartAfter(labels: number): void;
  /** Labels printed in its life (the Link-OS odometer). */
  odometer: number;
  /** Every odometer getvar asked. */
  odometerQueries: number;
  /** Seconds per label. */
  labelMs: number;
  /** Every `~HS` asked. */
  statusQueries: number;
  close(): Promise<void>;
}

function flag(v: boolean): string {
  return v ? '1' : '0';
}

export async function startFakeZplPrinter(options: { labelMs?: number; odometer?: boolean } = {}): Promise<FakeZplPrinter> {
  const hasOdometer = options.odometer ?? true;
  const queue: string[] = [];
  const sockets = new Set<Socket>();
  let paperOut = false;
  let paused = false;
  let headOpen = false;
  let paperLeft: number | undefined;
  let dropLeft: number | undefined;
  let restartLeft: number | undefined;
  let current: string | undefined;
  let timer: NodeJS.Timeout | undefined;

  const printer: FakeZplPrinter = {
    port: 0,
    address: '',
    printed: [],
    buffered: () => queue.length,
    idle: () => queue.length === 0 && current === undefined,
    paperOutAfter(labels) {
      paperLeft = labels;
      if (labels === 0) paperOut = true;
    },
    loadPaper() {
      paperOut = false;
      paperLeft = undefined;
      tick();
    },
    setPaused(value) {
      paused = value;
      tick();
    },
    setHeadOpen(value) {
      headOpen = value;
      tick();
    },
    dropAfter(labels) {
      dropLeft = labels;
    },
    dropConnections() {
      for (const s of sockets) s.destroy();
    },
    restartAfter(labels) {
      restartLeft = labels;
      if (labels === 0) restart();
    },
    odometer: 1000,
    odometerQueries: 0,
    labelMs: options.labelMs ?? 5,
    statusQueries: 0,
    close: () =>
      new Promise((resolve) => {
        clearTimeout(timer);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  function restart(): void {
    restartLeft = undefined;
    queue.length = 0;
    clearTimeout(timer);
    timer = undefined;
    current = undefined;
    for (const s of sockets) s.destroy();
  }

  /** Starts the next label when the printer can print. */
  function tick(): void {
    if (current !== undefined || timer || paperOut || paused || headOpen || queue.length === 0) return;
    current = queue.shift() as string;
    timer = setTimeout(() => {
      timer = undefined;
      printer.printed.push(current as string);
      printer.odometer += 1;
      current = undefined;
      if (paperLeft !== undefined && (paperLeft -= 1) <= 0) paperOut = true;
      if (dropLeft !== undefined && (dropLeft -= 1) <= 0) {
        dropLeft = undefined;
        printer.dropConnections();
      }
      if (restartLeft !== undefined && (restartLeft -= 1) <= 0) restart();
      tick();
    }, printer.labelMs);
  }

  // The guide's ~HS: string 1 aaa,b,c,dddd,eee,f,g,h,iii,j,k,l; string 2 mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www; string 3 xxxx,y.
  function hostStatus(): string {
    const one = ['030', flag(paperOut), flag(paused), '0240', String(queue.length).padStart(3, '0'), '0', '0', '0', '000', '0', '0', '0'];
    const two = ['001', '0', flag(headOpen), '0', '0', '2', '6', '0', String(current === undefined ? 0 : 1).padStart(8, '0'), '1', '000'];
    const three = ['1234', '0'];
    return [one, two, three].map((fields) => `${STX}${fields.join(',')}${ETX}\r\n`).join('');
  }

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    let pending = '';
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      // In order: formats go to the buffer, tilde commands act at once.
      for (;;) {
        const hs = pending.indexOf('~HS');
        const ja = pending.indexOf('~JA');
        const xz = pending.indexOf('^XZ');
        // A Set-Get-Do command ends at its CR LF; only a whole one is read.
        const sgdAt = pending.indexOf('! U1 ');
        const sgd = sgdAt >= 0 && pending.indexOf('\r\n', sgdAt) >= 0 ? sgdAt : -1;
        const next = [hs, ja, xz, sgd].filter((i) => i >= 0).sort((a, b) => a - b)[0];
        if (next === undefined) break;
        if (next === sgd) {
          const end = pending.indexOf('\r\n', sgd);
          const command = pending.slice(sgd, end);
          pending = pending.slice(0, sgd) + pending.slice(end + 2);
          if (hasOdometer && /^! U1 getvar "odometer\.total_label_count"/.test(command)) {
            printer.odometerQueries += 1;
            socket.write(`"${printer.odometer}"`);
          }
        } else if (next === xz) {
          const start = pending.indexOf('^XA');
          queue.push(pending.slice(start < 0 ? 0 : start, xz + 3));
          pending = pending.slice(xz + 3);
          tick();
        } else if (next === hs) {
          pending = pending.slice(0, hs) + pending.slice(hs + 3);
          printer.statusQueries += 1;
          socket.write(hostStatus());
        } else {
          pending = pending.slice(0, ja) + pending.slice(ja + 3);
          queue.length = 0;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  printer.port = typeof address === 'object' && address ? address.port : 0;
  printer.address = `127.0.0.1:${printer.port}`;
  return printer;
}
