// Splits a Chromium trace of the bench reads (test/bench/ui.bench.ts with STATION_UI_TRACE=<file>) by what the
// renderer's main thread did inside each read (a `bench-read` measure: the read injected → its slot shown, next frame):
// busy time by kind (script, style, layout, paint, other), the idle rest (the host, the event stream, the network),
// the scripts that took longest, by function and file, and the tail: each read's busy time (median, p95: a loaded
// machine stretches the idle rest far more than the renderer's own work) and the tasks the slowest reads waited on.
// `node bin/run-ts.mjs scripts/trace-summary.ts <file>`.
import { readFileSync } from 'node:fs';

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string };
  args?: { data?: Record<string, unknown>; name?: string };
};

const file = process.argv[2];
if (!file) throw new Error('usage: trace-summary.ts <trace.json>');
const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;

// The windows: each `bench-read` measure's begin and end (async user timing: ph b/e).
const begins = new Map<string, TraceEvent>();
const windows: { start: number; end: number; pid: number; busy: number }[] = [];
for (const event of events) {
  if (event.name !== 'bench-read' || !event.cat.includes('blink.user_timing')) continue;
  const key = `${event.pid}:${event.id ?? event.id2?.local ?? ''}`;
  if (event.ph === 'b') begins.set(key, event);
  else if (event.ph === 'e') {
    const begin = begins.get(key);
    if (begin) windows.push({ start: begin.ts, end: event.ts, pid: event.pid, busy: 0 });
  }
}
if (windows.length === 0) throw new Error('no bench-read measures in the trace');
const pid = windows[0]!.pid;
const mainTid = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain')?.tid;

const KIND: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'v8.run': 'script',
  UpdateLayoutTree: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
};

const busyByKind = new Map<string, number>();
const scripts = new Map<string, number>();
let busy = 0;
let total = 0;
const mainEvents = events.filter((e) => e.pid === pid && e.tid === mainTid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
for (const w of windows) total += w.end - w.start;
// Top-level tasks on the main thread, and the kinds directly inside them (the first level with a kind).
const tasks = mainEvents.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
/** What a task ran, in a few words: its first scripts and rendering steps. */
const taskWords = (task: TraceEvent) =>
  mainEvents
    .filter((e) => e !== task && e.ts >= task.ts && e.ts < task.ts + (task.dur as number) && KIND[e.name] && (e.dur as number) >= 200)
    .slice(0, 4)
    .map((e) => `${e.name}${e.args?.data?.functionName ? `:${String(e.args.data.functionName)}` : ''} ${((e.dur as number) / 1000).toFixed(1)}`)
    .join(', ');
for (const task of tasks) {
  const window = windows.find((w) => task.ts >= w.start && task.ts < w.end);
  if (!window) continue;
  window.busy += task.dur as number;
  busy += task.dur as number;
  let counted = 0;
  let until = 0;
  for (const e of mainEvents) {
    if (e.ts < task.ts || e.ts >= task.ts + (task.dur as number) || e === task) continue;
    const kind = KIND[e.name];
    if (!kind || e.ts < until) continue;
    busyByKind.set(kind, (busyByKind.get(kind) ?? 0) + (e.dur as number));
    counted += e.dur as number;
    until = e.ts + (e.dur as number);
    if (kind === 'script') {
      // A timer, a microtask or an event names no function: the first call inside it does.
      const call = mainEvents.find((c) => c.name === 'FunctionCall' && c.ts >= e.ts && c.ts < e.ts + (e.dur as number));
      const data = { ...(call?.args?.data ?? {}), ...(e.args?.data ?? {}) };
      const where = `${e.name}: ${String(data.functionName ?? '') || '(anonymous)'} ${String(data.url ?? '').replace(/^.*\//, '')}:${String(data.lineNumber ?? '')}`;
      scripts.set(where, (scripts.get(where) ?? 0) + (e.dur as number));
    }
  }
  busyByKind.set('other', (busyByKind.get('other') ?? 0) + Math.max(0, (task.dur as number) - counted));
}
const ms = (us: number) => (us / 1000 / windows.length).toFixed(2);
process.stdout.write(
  `${windows.length} reads; per read, mean: ${ms(total)} ms in all, the renderer's main thread busy ${ms(busy)} ms, idle ${ms(total - busy)} ms\n`,
);
for (const [kind, us] of [...busyByKind].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${kind.padEnd(8)} ${ms(us)} ms\n`);
process.stdout.write('scripts, per read, mean:\n');
for (const [where, us] of [...scripts].sort((a, b) => b[1] - a[1]).slice(0, 12)) process.stdout.write(`  ${ms(us).padStart(6)} ms  ${where}\n`);

const sortedBy = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], p: number) => (sortedBy(values)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] as number) / 1000;
const busyEach = windows.map((w) => w.busy);
const allEach = windows.map((w) => w.end - w.start);
process.stdout.write(
  `each read: in all median ${at(allEach, 50).toFixed(1)} ms, p95 ${at(allEach, 95).toFixed(1)} ms; the renderer busy median ${at(busyEach, 50).toFixed(1)} ms, p95 ${at(busyEach, 95).toFixed(1)} ms\n`,
);
process.stdout.write('the slowest reads, and their tasks of 1 ms or more (ms from the read injected, ms long):\n');
for (const w of [...windows].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 6)) {
  process.stdout.write(`  read ${windows.indexOf(w) + 1}: ${((w.end - w.start) / 1000).toFixed(1)} ms, busy ${(w.busy / 1000).toFixed(1)} ms\n`);
  for (const task of tasks)
    if (task.ts >= w.start && task.ts < w.end && (task.dur as number) >= 1000)
      process.stdout.write(`    +${((task.ts - w.start) / 1000).toFixed(1)} ${((task.dur as number) / 1000).toFixed(1)}  ${taskWords(task)}\n`);
}
