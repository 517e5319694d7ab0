import { z } from 'zod';
import { TagTypeSchema } from '../../src-shared/api/common';
import { SerialSettingsSchema } from '../../src-shared/ipc/devices';

/** What the station remembers about devices: configured serial scanners and each device's slot. */
export const DevicePreferencesSchema = z.object({
  serialPorts: z.array(SerialSettingsSchema).default([]),
  roles: z.record(z.string(), TagTypeSchema).default({}),
});
export type DevicePreferences = z.infer<typeof DevicePreferencesSchema>;

/**
 * Where preferences live. devices/ may not import store/ (ARCHITECTURE.md, "Folders"),
 * so the composition root passes an adapter over the settings table.
 */
export interface DevicePreferencesStore {
  load(): DevicePreferences | undefined;
  save(preferences: DevicePreferences): void;
}

export function memoryPreferencesStore(initial?: DevicePreferences): DevicePreferencesStore {
  let value = initial;
  return {
    load: () => value,
    save: (preferences) => {
      value = preferences;
    },
  };
}
