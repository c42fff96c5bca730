import schema from '../../../schemas/requests/import-human-user.schema.json' with { type: 'json' };
import { inBatchedTransaction } from '../../../shared/db/batched-transaction.js';
import type { User } from '../../../shared/db/entities/index.js';
import { ServiceError, type FieldViolation } from '../../../shared/errors/service-error.js';
import type { ExternalIdentity } from '../accounts/external-identities.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { addressEvents, humanUserChange } from '../operations/human-user-aggregate.js';
import { linkChange, takenOnCommit, type IdpLink } from '../operations/idp-links.js';
import { planImport } from '../operations/import-human-user/import-human-user.handler.js';
import {
  commitOrFail,
  queueImport,
} from '../operations/import-human-user/import-human-user.writes.js';
import type { ImportHumanUserRequest } from '../operations/import-human-user/import-human-user.request.js';
import type { Dependencies } from '../operations/operation.js';
import { normalizeProfile, sameProfile } from '../operations/profile.js';
import { profileChanged } from '../operations/update-my-profile/update-my-profile.events.js';
import { RequestSchemas, type RequestValidator } from '../validation/request-validator.js';

/** A person to be made from a provider's identity: what JIT creation or the form gives. */
export interface NewPerson {
  userName: string;
  firstName: string;
  lastName: string;
  displayName?: string;
  nickName?: string;
  email: string;
  emailVerified: boolean;
}

/** What making a person came to: the new user, or why not (the fields, a taken name or link). */
export type Creation =
  { userId: string } | { invalid: FieldViolation[] } | { taken: 'user-name' | 'link' };

/** The link of a provider's identity, as import and AddUserIDPLink write one. */
export function linkOf(identity: ExternalIdentity): IdpLink {
  return {
    configId: identity.idpId,
    externalUserId: identity.subject,
    displayName: identity.userName ?? identity.email ?? null,
  };
}

/**
 * The writes of a brokered sign-in, each the one its operation makes: a person made with the
 * link (JIT creation or the form; the import's plan and writes, so the same events), a link
 * added (AddUserIDPLink's change), a profile that follows the provider's claims (the person's
 * aggregate change, recording only what changed).
 */
export class BrokeredAccounts {
  private readonly checkImport: RequestValidator<ImportHumanUserRequest>;
  private readonly checkEmail: RequestValidator<ImportHumanUserRequest['email']>;

  constructor(private readonly deps: Dependencies) {
    const schemas = new RequestSchemas(deps.config.passwordPolicy);
    this.checkImport = schemas.compile(schema);
    this.checkEmail = schemas.compile(schema.properties.email);
  }

  /**
   * Makes `person` in `orgId`, linked to `identity`, with no password: the import's request,
   * checked against its schema, planned and written as import does (`user.human.added`, the
   * verified email's event, `user.idp.link.added`). No initialization email is asked for: the
   * person signs in through the provider.
   */
  async create(orgId: string, person: NewPerson, identity: ExternalIdentity): Promise<Creation> {
    const link = linkOf(identity);
    const request = {
      userName: person.userName.trim(),
      profile: {
        firstName: person.firstName,
        lastName: person.lastName,
        ...(person.displayName && { displayName: person.displayName }),
        ...(person.nickName && { nickName: person.nickName }),
      },
      email: { email: person.email, isEmailVerified: person.emailVerified },
      idps: [{ ...link, displayName: link.displayName ?? '' }],
    };
    try {
      const checked = this.checkImport(request);
      const plan = await planImport(this.deps.config, orgId, checked, {
        sendInitializationEmail: false,
      });
      await inBatchedTransaction(this.deps.dataSource, async (transaction) => {
        queueImport(transaction, plan);
        await commitOrFail(transaction);
      });
      return { userId: plan.user.id };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.id === 'REQUEST-INVALID') return { invalid: error.fieldViolations };
      if (error.id === 'USER-ALREADY-EXISTS') return { taken: 'user-name' };
      if (error.id === 'USER-IDP-LINK-ALREADY-EXISTS') return { taken: 'link' };
      throw error;
    }
  }

  /** Links the user to `identity`; false when that identity was linked to someone meanwhile. */
  async link(userId: string, orgId: string, identity: ExternalIdentity): Promise<boolean> {
    try {
      await takenOnCommit(addLink({ deps: this.deps, orgId }, { userId, link: linkOf(identity) }));
      return true;
    } catch (error) {
      if (error instanceof ServiceError && error.id === 'USER-IDP-LINK-ALREADY-EXISTS')
        return false;
      throw error;
    }
  }

  /** The user's names and email as the provider's claims say them now (isAutoUpdate). */
  async followClaims(userId: string, orgId: string, identity: ExternalIdentity): Promise<void> {
    // An address our users may not have (not one by the import's rule) is not taken.
    const { email, ...rest } = identity;
    const taken = email !== undefined && this.isAddress(email) ? identity : rest;
    await followClaims({ deps: this.deps, orgId }, { userId, identity: taken });
  }

  private isAddress(email: string): boolean {
    try {
      this.checkEmail({ email });
      return true;
    } catch {
      return false;
    }
  }
}

const addLink = humanUserChange<{ userId: string; link: IdpLink }>(
  ({ transaction, user, request }) => linkChange(transaction, user, request.link),
);

/**
 * The names and the address a provider's claims give, where they give them: the profile's
 * `user.human.profile.changed` when a name differs, the address's events (addressEvents) when
 * it or its verified flag differs. A claim the provider does not send keeps ours.
 */
const followClaims = humanUserChange<{ userId: string; identity: ExternalIdentity }>(
  ({ user, request: { identity } }) => {
    const event: DomainEvent[] = [];
    const columns: Partial<User> = {};
    const profile = normalizeProfile({
      firstName: identity.firstName ?? user.firstName,
      lastName: identity.lastName ?? user.lastName,
      nickName: identity.nickName ?? user.nickName ?? undefined,
      displayName: identity.displayName ?? user.displayName,
      ...(user.preferredLanguage && { preferredLanguage: user.preferredLanguage }),
      gender: user.gender,
    });
    if (!sameProfile(user, profile)) {
      event.push(profileChanged(profile));
      Object.assign(columns, profile);
    }
    if (identity.email) {
      const address = addressEvents(user, identity.email, identity.emailVerified);
      if (address.length > 0) {
        event.push(...address);
        Object.assign(columns, { email: identity.email, emailVerified: identity.emailVerified });
      }
    }
    return { event, columns };
  },
);
