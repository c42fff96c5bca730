import type { DomainEvent, ProjectPayload } from '../../../../shared/events/event-types.js';

/** The event of an update that changed something: the project's settings, whole. */
export function projectChanged(settings: ProjectPayload): DomainEvent {
  return { type: 'project.changed', payload: settings };
}
