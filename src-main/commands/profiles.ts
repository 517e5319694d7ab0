import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { profileCommands } from '../../src-shared/ipc/profiles';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { activeProfileId, getProfile, listProfiles, saveProfile, summarizeProfile } from '../store/profiles';
import type { CommandContext } from './context';

export function profileHandlers(ctx: CommandContext): CommandHandlers<keyof typeof profileCommands> {
  return {
    'profiles.connect': async (input) => {
      const { profile, keyChecked, warning } = await ctx.connection.connect(input);
      ctx.retarget();
      return { ...summarizeProfile(profile), keyChecked, warning };
    },
    'profiles.discover': async ({ baseUrl, apiKey }) => ({ organizations: await ctx.connection.discover(baseUrl, apiKey) }),
    'profiles.list': () => ({ profiles: listProfiles(ctx.db).map(summarizeProfile), activeProfileId: activeProfileId(ctx.db) }),
    'profiles.update': async ({ profileId, name, locale, declaredActor }) => {
      const id = profileId ?? activeProfileId(ctx.db);
      const saved = id ? getProfile(ctx.db, id) : undefined;
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
      saveProfile(ctx.db, profile);
      // The service client carries the context headers: the active profile's client is rebuilt.
      if (id === activeProfileId(ctx.db)) {
        await ctx.connection.select(profile);
        ctx.retarget();
      }
      return summarizeProfile(ctx.connection.profile?.profileId === profile.profileId ? ctx.connection.profile : profile);
    },
    'profiles.select': async ({ profileId }) => {
      const profile = getProfile(ctx.db, profileId);
      if (!profile) throw new StationError({ code: StationErrorCode.notFound, message: `No profile "${profileId}"; list them with profiles.list.` });
      await ctx.connection.select(profile);
      ctx.retarget();
      return summarizeProfile(ctx.connection.profile ?? profile);
    },
  };
}
