import { z } from 'zod';
import { TagTypeSchema } from '../../src-shared/api/common';
import { HidKeyboardSettingsSchema, SerialSettingsSchema, WedgeLayoutCheckSchema } from '../../src-shared/ipc/devices';

/**
 * What the station remembers about devices: configured serial and keyboard-mode HID scanners,
 * each device's slot, and the last keyboard-wedge layout test (optional, so older saved
 * preferences stay valid).
 */
export const DevicePreferencesSchema = z.object({
  serialPorts: z.array(SerialSettingsSchema).default([]),
  hidKeyboards: z.array(HidKeyboardSettingsSchema).default([]),
  roles: z.record(z.string(), TagTypeSchema).default({}),
  wedgeLayout: WedgeLayoutCheckSchema.optional(),
});
export type DevicePreferences = z.infer<typeof DevicePreferencesSchema>;

/**
 * Where preferences live. devices/ may not import store/ (docs/architecture.md, "The rooms of src-main"),
 * so the composition root passes an adapter over the settings table.
 */
export interface DevicePreferencesStore {
  load(): DevicePreferences | undefined;
  save(preferences: DevicePreferences): void;
}

/** Preferences kept in memory only (tests, one-off CLI runs). */
export function memoryPreferencesStore(initial?: z.input<typeof DevicePreferencesSchema>): DevicePreferencesStore {
  let value = initial === undefined ? undefined : DevicePreferencesSchema.parse(initial);
  return {
    load: () => value,
    save: (preferences) => {
      value = preferences;
    },
  };
}
