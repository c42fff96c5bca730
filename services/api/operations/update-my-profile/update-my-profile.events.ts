import type { DomainEvent, ProfilePayload } from '../../../../shared/events/event-types.js';

/** The event of an update that changed something: the stored profile, whole. */
export function profileChanged(profile: ProfilePayload): DomainEvent {
  return { type: 'user.human.profile.changed', payload: profile };
}
