import { dialectOf } from '../../../../shared/db/dialect.js';
import { UserReadModel } from '../../../../shared/db/entities/index.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import { uniqueNameKey } from '../../../../shared/unique-name-key.js';
import {
  PROFILE_FIELDS,
  type MachineUserPayload,
  type ProfilePayload,
} from '../../../../shared/events/event-types.js';
import { pick, ReadModelConsumer, ReadModelWrites, type Reducers } from './read-model-consumer.js';

type Columns = Partial<UserReadModel>;

/** What a profile sets: the payload's properties, which the read model names alike. */
const PROFILE_COLUMNS = PROFILE_FIELDS satisfies readonly (keyof ProfilePayload &
  keyof UserReadModel)[];

const profileColumns = (profile: ProfilePayload): Columns => pick(profile, PROFILE_COLUMNS);

const machineColumns = (machine: MachineUserPayload): Columns => ({
  machineName: machine.name,
  machineDescription: machine.description || null,
});

/** A person's row holds nothing of a machine user's. */
const NO_MACHINE: Columns = { machineName: null, machineDescription: null, hasSecret: false };

/** A machine user's row holds nothing of a person's: empty names and no address. */
const NO_HUMAN: Columns = {
  externalId: null,
  firstName: '',
  lastName: '',
  nickName: null,
  displayName: '',
  preferredLanguage: null,
  gender: 'GENDER_UNSPECIFIED',
  email: '',
  emailLower: '',
  emailVerified: false,
  phone: null,
  phoneVerified: false,
  idpLinks: [],
  hasPassword: false,
  passwordChangeRequired: false,
  hasOtp: false,
};

/**
 * Keeps `user_read_models`: a user, a person or a machine user, as a read returns it, with the
 * details of the last event.
 */
export class UserReadModelConsumer extends ReadModelConsumer {
  readonly name = 'user-read-model';
  private readonly rows = new ReadModelWrites(this.dataSource, UserReadModel);

  protected readonly reducers: Reducers = {
    'user.human.added': (event, data) => [
      this.rows.insertOnce(event, {
        ...NO_MACHINE,
        type: 'human',
        userName: data.userName,
        userNameLower: uniqueNameKey(data.userName),
        externalId: data.externalId ?? null,
        state: 'active',
        ...profileColumns(data.profile),
        email: data.email,
        emailLower: uniqueNameKey(data.email),
        emailVerified: false,
        phone: data.phone,
        phoneVerified: false,
        idpLinks: [],
        hasPassword: false,
        passwordChangeRequired: false,
        hasOtp: false,
      }),
    ],
    'user.machine.added': (event, data) => [
      this.rows.insertOnce(event, {
        ...NO_HUMAN,
        type: 'machine',
        userName: data.userName,
        userNameLower: uniqueNameKey(data.userName),
        state: 'active',
        ...machineColumns(data),
        hasSecret: false,
      }),
    ],
    'user.machine.changed': (event, data) => this.change(event, machineColumns(data)),
    'user.machine.deactivated': (event) => this.change(event, { state: 'inactive' }),
    'user.machine.reactivated': (event) => this.change(event, { state: 'active' }),
    'user.machine.locked': (event) => this.change(event, { state: 'locked' }),
    'user.machine.unlocked': (event) => this.change(event, { state: 'active' }),
    // Kept as a tombstone that reads skip: an event arriving late cannot bring the row back.
    'user.machine.removed': (event) => this.change(event, { state: 'removed' }),
    'user.machine.secret.added': (event) => this.change(event, { hasSecret: true }),
    'user.machine.secret.removed': (event) => this.change(event, { hasSecret: false }),
    // Keys and tokens are listed from the write side (never a secret): details only.
    'user.machine.key.added': (event) => this.change(event, {}),
    'user.machine.key.removed': (event) => this.change(event, {}),
    'user.pat.added': (event) => this.change(event, {}),
    'user.pat.removed': (event) => this.change(event, {}),
    // Metadata is read from its own read model: its events move the details only.
    'user.metadata.set': (event) => this.change(event, {}),
    'user.metadata.removed': (event) => this.change(event, {}),
    'user.username.changed': (event, data) =>
      this.change(event, { userName: data.userName, userNameLower: uniqueNameKey(data.userName) }),
    'user.externalid.changed': (event, data) => this.change(event, { externalId: data.externalId }),
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
    'user.idp.link.removed': (event, data) => [
      this.rows.applyIfNewer(
        event,
        {},
        {
          idpLinks: (column) => ({
            sql: dialectOf(this.dataSource).jsonArrayWithoutLink(column),
            params: [data.configId, data.externalUserId],
          }),
        },
      ),
    ],
    // Each event after the first sets these; those that only move the details set nothing else.
    'user.human.email.verified': (event, data) =>
      this.change(event, {
        email: data.email,
        emailLower: uniqueNameKey(data.email),
        emailVerified: true,
      }),
    'user.human.email.changed': (event, data) =>
      this.change(event, {
        email: data.email,
        emailLower: uniqueNameKey(data.email),
        emailVerified: false,
      }),
    'user.human.email.code.requested': (event) => this.change(event, {}),
    'user.human.email.code.added': (event) => this.change(event, {}),
    'user.human.phone.verified': (event, data) =>
      this.change(event, { phone: data.phone, phoneVerified: true }),
    'user.human.password.set': (event, data) =>
      this.change(event, { hasPassword: true, passwordChangeRequired: data.changeRequired }),
    'user.human.otp.added': (event) => this.change(event, { hasOtp: true }),
    // A pending secret is no factor yet: only its verification makes one.
    'user.human.otp.pending.added': (event) => this.change(event, {}),
    'user.human.otp.verified': (event) => this.change(event, { hasOtp: true }),
    'user.human.session.ended': (event) => this.change(event, {}),
    'user.human.otp.removed': (event) => this.change(event, { hasOtp: false }),
    'user.human.phone.changed': (event, data) =>
      this.change(event, { phone: data.phone, phoneVerified: false }),
    'user.human.phone.removed': (event) =>
      this.change(event, { phone: null, phoneVerified: false }),
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
    // Failed sign-ins' lock ends by itself and leaves the state; an administrator's is a state.
    'user.human.locked': (event, data) =>
      this.change(event, data.by === 'admin' ? { state: 'locked' } : {}),
    // Unlocking lifts either lock; a person is unlocked only when locked or active.
    'user.human.unlocked': (event) => this.change(event, { state: 'active' }),
    'user.human.deactivated': (event) => this.change(event, { state: 'inactive' }),
    'user.human.reactivated': (event) => this.change(event, { state: 'active' }),
    // Kept as a tombstone that reads skip, as a removed machine user's row is.
    'user.human.removed': (event) => this.change(event, { state: 'removed' }),
    // Passkeys are read from the write side (ListMyPasskeys): their events move the details only.
    'user.human.passwordless.code.requested': (event) => this.change(event, {}),
    'user.human.password.code.requested': (event) => this.change(event, {}),
    'user.human.password.code.added': (event) => this.change(event, {}),
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
