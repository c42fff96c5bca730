import type { DomainEvent } from '../../../../shared/events/event-types.js';
import type { User } from '../../../../shared/db/entities/user.entity.js';
import type { ImportHumanUserRequest } from './import-human-user.request.js';

type NewUser = Pick<
  User,
  | 'userName'
  | 'externalId'
  | 'firstName'
  | 'lastName'
  | 'nickName'
  | 'displayName'
  | 'preferredLanguage'
  | 'gender'
  | 'email'
  | 'emailVerified'
  | 'phone'
  | 'phoneVerified'
  | 'passwordChangeRequired'
>;

interface Facts {
  user: NewUser;
  hasPassword: boolean;
  passwordImported: boolean;
  hasOtp: boolean;
  idps: NonNullable<ImportHumanUserRequest['idps']>;
  passwordless?: { codeId: string; expiration: Date };
  /** False when the import asked the worker for no initialization email (nor verification link). */
  sendInitializationEmail: boolean;
}

/** The events of one import, in the order a reader should apply them. */
export function importEvents({
  user,
  hasPassword,
  passwordImported,
  hasOtp,
  idps,
  passwordless,
  sendInitializationEmail,
}: Facts): DomainEvent[] {
  const events: DomainEvent[] = [
    {
      type: 'user.human.added',
      payload: {
        userName: user.userName,
        ...(user.externalId !== null && { externalId: user.externalId }),
        profile: {
          firstName: user.firstName,
          lastName: user.lastName,
          nickName: user.nickName,
          displayName: user.displayName,
          preferredLanguage: user.preferredLanguage,
          gender: user.gender,
        },
        email: user.email,
        phone: user.phone,
        // With a password the person can sign in: an unverified email gets the verification
        // link (below), not the initialization email, whose page sets a new password.
        initializationRequired: !hasPassword,
        ...(!sendInitializationEmail && { sendInitializationEmail: false }),
      },
    },
  ];
  if (user.emailVerified)
    events.push({ type: 'user.human.email.verified', payload: { email: user.email } });
  else if (hasPassword && sendInitializationEmail)
    events.push({ type: 'user.human.email.code.requested', payload: { by: 'import' } });
  if (user.phone && user.phoneVerified)
    events.push({ type: 'user.human.phone.verified', payload: { phone: user.phone } });
  if (hasPassword) {
    events.push({
      type: 'user.human.password.set',
      payload: { changeRequired: user.passwordChangeRequired, imported: passwordImported },
    });
  }
  if (hasOtp) events.push({ type: 'user.human.otp.added', payload: {} });
  for (const idp of idps) {
    events.push({
      type: 'user.idp.link.added',
      payload: {
        configId: idp.configId,
        externalUserId: idp.externalUserId,
        displayName: idp.displayName || null,
      },
    });
  }
  if (passwordless) {
    events.push({
      type: 'user.human.passwordless.code.added',
      payload: { codeId: passwordless.codeId, expiration: passwordless.expiration.toISOString() },
    });
  }
  return events;
}
