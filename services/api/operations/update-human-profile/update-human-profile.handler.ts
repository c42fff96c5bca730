import { humanUserChange } from '../human-user-aggregate.js';
import { normalizeProfile, sameProfile } from '../profile.js';
import { profileChanged } from '../update-my-profile/update-my-profile.events.js';
import type { UpdateHumanProfileRequest } from './update-human-profile.request.generated.js';

/**
 * Replaces a person's profile, as UpdateMyProfile replaces the caller's
 * (`user.human.profile.changed`); an unchanged profile records nothing.
 */
export const updateHumanProfile = humanUserChange<UpdateHumanProfileRequest>(
  ({ user, request }) => {
    const profile = normalizeProfile(request);
    if (sameProfile(user, profile)) return {};
    return { event: profileChanged(profile), columns: profile };
  },
);
