import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { profileCommands } from '../../src-shared/ipc/profiles';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { activeProfileId, getProfile, listProfiles, saveProfile, summarizeProfile } from '../store/profiles';
import type { CommandContext } from './context';

export function profileHandlers(parts: CommandContext): CommandHandlers<keyof typeof profileCommands> {
  return {
    'profiles.connect': async (input) => {
      const { profile, keyChecked, warning } = await parts.connection.connect(input);
      parts.retarget();
      return { ...summarizeProfile(profile), keyChecked, warning };
    },
    'profiles.discover': async ({ baseUrl, apiKey }) => ({ organizations: await parts.connection.discover(baseUrl, apiKey) }),
    'profiles.list': () => ({ profiles: listProfiles(parts.db).map(summarizeProfile), activeProfileId: activeProfileId(parts.db) }),
    'profiles.update': async ({ profileId, name, locale, declaredActor }) => {
      const id = profileId ?? activeProfileId(parts.db);
      const saved = id ? getProfile(parts.db, id) : undefined;
      if (!saved)
        throw new StationError({
          code: StationErrorCode.notFound,
          message: id ? `No profile "${id}"; list them with profiles.list.` : 'No active profile to update; connect first.',
        });
      const profile = {
        ...saved,
        ...(name === undefined ? {} : { name }),
        ...(locale === undefined ? {} : { locale }),
        ...(declaredActor === undefined ? {} : { declaredActor }),
      };
      saveProfile(parts.db, profile);
      // The service client carries the context headers: the active profile's client is rebuilt.
      if (id === activeProfileId(parts.db)) {
        await parts.connection.select(profile);
        parts.retarget();
      }
      return summarizeProfile(parts.connection.profile?.profileId === profile.profileId ? parts.connection.profile : profile);
    },
    'profiles.select': async ({ profileId }) => {
      const profile = getProfile(parts.db, profileId);
      if (!profile) throw new StationError({ code: StationErrorCode.notFound, message: `No profile "${profileId}"; list them with profiles.list.` });
      await parts.connection.select(profile);
      parts.retarget();
      return summarizeProfile(parts.connection.profile ?? profile);
    },
  };
}
