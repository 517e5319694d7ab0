import { StationError, StationErrorCode } from '../../../src-shared/ipc/envelope';
import { activeProfileId, getProfile, listProfiles, summarizeProfile } from '../../store/profiles';
import type { CoreParts } from '../parts';
import type { AreaHandlers } from './types';

export function profileHandlers(parts: CoreParts): AreaHandlers<'profiles.connect' | 'profiles.discover' | 'profiles.list' | 'profiles.select'> {
  return {
    'profiles.connect': async (input) => {
      const profile = await parts.connection.connect(input);
      parts.retarget();
      return summarizeProfile(profile);
    },
    'profiles.discover': async ({ baseUrl, apiKey }) => ({ organizations: await parts.connection.discover(baseUrl, apiKey) }),
    'profiles.list': () => ({ profiles: listProfiles(parts.db).map(summarizeProfile), activeProfileId: activeProfileId(parts.db) }),
    'profiles.select': async ({ profileId }) => {
      const profile = getProfile(parts.db, profileId);
      if (!profile) throw new StationError({ code: StationErrorCode.notFound, message: `No profile "${profileId}"; list them with profiles.list.` });
      await parts.connection.select(profile);
      parts.retarget();
      return summarizeProfile(parts.connection.profile ?? profile);
    },
  };
}
