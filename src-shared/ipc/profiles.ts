import { z } from 'zod';
import { ServiceProfileSummary } from './station';

// Connection profiles (the Connect screen, `station connect`). The API key crosses the boundary only
// inward, on connect; no command ever returns it.

export const ConnectInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox'), name: z.string().min(1).optional() }).strict(),
  z
    .object({
      kind: z.literal('remote'),
      name: z.string().min(1).optional(),
      baseUrl: z.url(),
      apiKey: z.string().min(1),
      orgId: z.guid(),
      teamId: z.guid(),
      locale: z.string().min(1).optional(),
      declaredActor: z.string().min(1).optional(),
    })
    .strict(),
]);
export type ConnectInput = z.infer<typeof ConnectInput>;

const ProfileList = z.object({
  profiles: z.array(ServiceProfileSummary),
  activeProfileId: z.string().nullable(),
});

/** What an API key may act as: its organizations and, in each, its Teams (offered on the Connect screen). */
const DiscoverOutput = z.object({
  organizations: z.array(z.object({ orgId: z.string(), name: z.string(), teams: z.array(z.object({ teamId: z.string(), name: z.string() })) })),
});

export const profileCommands = {
  /** Before connecting to a remote service: exchanges the key, reads /me and /teams. Nothing is saved. */
  'profiles.discover': { input: z.object({ baseUrl: z.url(), apiKey: z.string().min(1) }).strict(), output: DiscoverOutput },
  /**
   * Exchanges a remote key when the service can be reached (a refused key is refused with the service's code and
   * request id, nothing saved), then saves the profile and makes it the active one. Offline it saves with
   * `keyChecked: false` and a warning.
   */
  'profiles.connect': { input: ConnectInput, output: ServiceProfileSummary.extend({ keyChecked: z.boolean(), warning: z.string().nullable() }) },
  'profiles.list': { input: z.object({}).strict(), output: ProfileList },
  /**
   * Changes a saved profile (the active one when profileId is left out): its name, the locale sent as
   * Svc-Ctx-Locale and the declared actor (Svc-Ctx-Declared-Actor); null clears. Applies at once.
   */
  'profiles.update': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        name: z.string().min(1).optional(),
        locale: z.string().min(1).nullable().optional(),
        declaredActor: z.string().min(1).nullable().optional(),
      })
      .strict(),
    output: ServiceProfileSummary,
  },
  'profiles.select': { input: z.object({ profileId: z.string().min(1) }).strict(), output: ServiceProfileSummary },
} as const;
