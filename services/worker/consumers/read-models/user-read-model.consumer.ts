import { dialectOf } from '../../../../shared/db/dialect.js';
import { UserReadModel } from '../../../../shared/db/entities/index.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import { PROFILE_FIELDS, type ProfilePayload } from '../../../../shared/events/event-types.js';
import { pick, ReadModelConsumer, ReadModelWrites, type Reducers } from './read-model-consumer.js';

type Columns = Partial<UserReadModel>;

/** What a profile sets: the payload's properties, which the read model names alike. */
const PROFILE_COLUMNS = PROFILE_FIELDS satisfies readonly (keyof ProfilePayload &
  keyof UserReadModel)[];

const profileColumns = (profile: ProfilePayload): Columns => pick(profile, PROFILE_COLUMNS);

/** Keeps `user_read_models`: a user as a read returns it, with the details of the last event. */
export class UserReadModelConsumer extends ReadModelConsumer {
  readonly name = 'user-read-model';
  private readonly rows = new ReadModelWrites(this.dataSource, UserReadModel);

  protected readonly reducers: Reducers = {
    'user.human.added': (event, data) => [
      this.rows.insertOnce(event, {
        userName: data.userName,
        externalId: data.externalId ?? null,
        state: 'active',
        ...profileColumns(data.profile),
        email: data.email,
        emailVerified: false,
        phone: data.phone,
        phoneVerified: false,
        idpLinks: [],
        hasPassword: false,
        passwordChangeRequired: false,
        hasOtp: false,
      }),
    ],
    'user.idp.link.added': (event, data) => [
      this.rows.applyIfNewer(
        event,
        {},
        {
          idpLinks: (column) => ({
            sql: dialectOf(this.dataSource).jsonArrayAppend(
              column,
              "JSON_OBJECT('configId', ?, 'externalUserId', ?, 'displayName', ?)",
            ),
            params: [data.configId, data.externalUserId, data.displayName],
          }),
        },
      ),
    ],
    // Each event after the first sets these; those that only move the details set nothing else.
    'user.human.email.verified': (event, data) =>
      this.change(event, { email: data.email, emailVerified: true }),
    'user.human.phone.verified': (event, data) =>
      this.change(event, { phone: data.phone, phoneVerified: true }),
    'user.human.password.set': (event, data) =>
      this.change(event, { hasPassword: true, passwordChangeRequired: data.changeRequired }),
    'user.human.otp.added': (event) => this.change(event, { hasOtp: true }),
    'user.human.profile.changed': (event, data) => this.change(event, profileColumns(data)),
    'user.human.passwordless.code.added': (event) => this.change(event, {}),
    'user.human.init.code.added': (event) => this.change(event, {}),
    'user.human.init.code.requested': (event) => this.change(event, {}),
    // Activation proves the address, as the `user.human.email.verified` beside it says too.
    'user.human.init.code.verified': (event) => this.change(event, { emailVerified: true }),
    'user.human.password.changed': (event) =>
      this.change(event, { hasPassword: true, passwordChangeRequired: false }),
    // A read shows no hash format, sign-in or lock (a lock ends by itself; the state stays).
    'user.human.password.hash.upgraded': (event) => this.change(event, {}),
    'user.human.signin.succeeded': (event) => this.change(event, {}),
    'user.human.signin.failed': (event) => this.change(event, {}),
    'user.human.locked': (event) => this.change(event, {}),
    // Passkeys are read from the write side (ListMyPasskeys): their events move the details only.
    'user.human.passwordless.code.requested': (event) => this.change(event, {}),
    'user.human.passkey.added': (event) => this.change(event, {}),
    'user.human.passkey.renamed': (event) => this.change(event, {}),
    'user.human.passkey.removed': (event) => this.change(event, {}),
    // Grants are read from the write side for now: their events move the details only.
    'user.grant.added': (event) => this.change(event, {}),
    'user.grant.changed': (event) => this.change(event, {}),
    'user.grant.removed': (event) => this.change(event, {}),
  };

  private change(event: CloudEvent, columns: Columns) {
    return [this.rows.applyIfNewer(event, columns)];
  }
}
