import { isEmbedded } from '../../../../shared/db/embedded-database.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import type {
  EventPayloads,
  EventType,
  ProfilePayload,
} from '../../../../shared/events/event-types.js';
import {
  applyIfNewer,
  insertOnce,
  ReadModelConsumer,
  type ColumnChanges,
  type ReadModelWrite,
} from './apply-if-newer.js';

const profileColumns = (profile: ProfilePayload): ColumnChanges => ({
  first_name: profile.firstName,
  last_name: profile.lastName,
  nick_name: profile.nickName,
  display_name: profile.displayName,
  preferred_language: profile.preferredLanguage,
  gender: profile.gender,
});

type UserChange = { [T in EventType]?: (data: EventPayloads[T]) => ColumnChanges };

/** What each event after the first sets; events that only move the details set nothing else. */
const CHANGES: UserChange = {
  'user.human.email.verified': (data) => ({ email: data.email, email_verified: true }),
  'user.human.phone.verified': (data) => ({ phone: data.phone, phone_verified: true }),
  'user.human.password.set': (data) => ({
    has_password: true,
    password_change_required: data.changeRequired,
  }),
  'user.human.otp.added': () => ({ has_otp: true }),
  'user.human.profile.changed': profileColumns,
  'user.human.passwordless.code.added': () => ({}),
  'user.human.init.code.added': () => ({}),
};

/** Keeps `user_read_models`: a user as a read returns it, with the details of the last event. */
export class UserReadModelConsumer extends ReadModelConsumer {
  readonly name = 'user-read-model';
  readonly handles: readonly EventType[] = [
    'user.human.added',
    'user.idp.link.added',
    ...(Object.keys(CHANGES) as EventType[]),
  ];

  protected writesFor(event: CloudEvent): ReadModelWrite[] {
    if (event.type === 'user.human.added') {
      const data = event.data as EventPayloads['user.human.added'];
      return [
        insertOnce(this.dataSource, 'user_read_models', event, {
          user_name: data.userName,
          state: 'active',
          ...profileColumns(data.profile),
          email: data.email,
          email_verified: false,
          phone: data.phone,
          phone_verified: false,
          idp_links: '[]',
          has_password: false,
          password_change_required: false,
          has_otp: false,
        }),
      ];
    }
    if (event.type === 'user.idp.link.added') {
      const data = event.data as EventPayloads['user.idp.link.added'];
      return [
        applyIfNewer(
          'user_read_models',
          event,
          {},
          {
            idp_links: {
              sql: isEmbedded(this.dataSource)
                ? "json_insert(idp_links, '$[#]', json_object('configId', ?, 'externalUserId', ?, 'displayName', ?))"
                : "JSON_ARRAY_APPEND(idp_links, '$', JSON_OBJECT('configId', ?, 'externalUserId', ?, 'displayName', ?))",
              params: [data.configId, data.externalUserId, data.displayName],
            },
          },
        ),
      ];
    }
    const change = CHANGES[event.type] as ((data: unknown) => ColumnChanges) | undefined;
    return change ? [applyIfNewer('user_read_models', event, change(event.data))] : [];
  }
}
