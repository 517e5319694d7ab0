import { describe, expect, it } from 'vitest';
import { commands, events } from '../../src-shared/ipc/contract';
import { eventSchema, outputSchema, type KnownEventName, type KnownName } from './contract';

// The renderer loads each area of the station contract when it first needs it (contract.ts): every command and event
// must be found in the area its name starts with, with the very schema the host validates against.

describe("the renderer's contract, loaded by area", () => {
  it("finds every command's answer schema", async () => {
    for (const name of Object.keys(commands) as KnownName[]) expect(await outputSchema(name), name).toBe(commands[name].output);
  });

  it("finds every event's payload schema", async () => {
    for (const name of Object.keys(events) as KnownEventName[]) expect(await eventSchema(name), name).toBe(events[name]);
  });

  it('names a command no area declares', async () => {
    await expect(outputSchema('nowhere.command' as KnownName)).rejects.toThrow('No area of the station contract declares nowhere.command.');
    await expect(outputSchema('reels.nothing' as KnownName)).rejects.toThrow("The station contract's reels area does not declare the command reels.nothing.");
  });
});
