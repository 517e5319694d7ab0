import { onTestFailed } from 'vitest';

/**
 * Asks `probe` again and again (every `everyMs`) until it answers something truthy, and
 * resolves with that answer. There is no deadline: how long a station, a service or a
 * folder takes depends on the machine's load, so a wait lasts until its condition holds,
 * and only the test's own timeout ends one that never does. The test's failure then names
 * the condition and the last answer. `withinMs` bounds a wait whose condition is the test's own
 * doing (a virtual card the test placed, a process it started): past it the wait fails with the
 * condition and the last answer, so a lost event is a clear failure, never a hang.
 */
export async function until<T>(probe: () => T | Promise<T>, options: { everyMs?: number; what?: string; withinMs?: number } = {}): Promise<NonNullable<T>> {
  let last: unknown;
  let done = false;
  try {
    onTestFailed(({ task }) => {
      if (done) return;
      const answer = JSON.stringify(last)?.slice(0, 2000);
      task.result?.errors?.push({ name: 'StillWaiting', message: `Still waiting for ${options.what ?? probe.toString()}; last answer: ${answer}`, stacks: [] });
    });
  } catch {
    // Called outside a test (a hook): the hook's own timeout reports it.
  }
  const deadline = options.withinMs === undefined ? undefined : Date.now() + options.withinMs;
  for (;;) {
    last = await probe();
    if (last) {
      done = true;
      return last as NonNullable<T>;
    }
    if (deadline !== undefined && Date.now() > deadline) {
      done = true;
      const answer = JSON.stringify(last)?.slice(0, 2000);
      throw new Error(
        `Waited ${Math.round((options.withinMs ?? 0) / 1000)} s for ${options.what ?? probe.toString()} and it did not happen; last answer: ${answer}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 50));
  }
}
