import { expect } from 'vitest';
import { StationError } from '../../src-shared/ipc/envelope';

/** The StationError a call is refused with (the test fails when it succeeds or throws something else). */
export async function refusal(run: Promise<unknown>): Promise<StationError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StationError);
  return error as StationError;
}
