import type { FieldViolation } from '../../../shared/errors/service-error.js';
import type { IdpConfig } from '../../../shared/db/entities/index.js';
import { secretKeyOf } from '../../../shared/credentials/secret-key.js';
import {
  linkCandidate,
  linkedUserOf,
  organizationOfUser,
  providerOfPasswordless,
  type ExternalIdentity,
} from '../accounts/external-identities.js';
import {
  allowsUsernamePassword,
  offeredProvider,
  offeredProviders,
  projectOrgOf,
} from '../accounts/login-policies.js';
import type { SignInState } from '../accounts/sign-in-steps.js';
import type { Dependencies } from '../operations/operation.js';
import { BrokeredAccounts, type NewPerson } from './brokered-accounts.js';
import { externalIdentity, namesOf } from './claims.js';
import {
  UpstreamClient,
  type AuthorizationChecks,
  type UpstreamIdentity,
} from './upstream-client.js';
import { UpstreamSignOut, type KeptRecords } from './upstream-sign-out.js';

/** Where every provider sends the person back: one address, registered at each provider. */
export const IDP_CALLBACK_PATH = '/ui/login/idp/callback';

/** The scope by which a client names the one provider its sign-in goes to. */
const IDP_SCOPE_PREFIX = 'urn:identity:org:idp:id:';

/** A sign-in begun at a provider: for which interaction, through which provider, its checks. */
interface PendingStart {
  uid: string;
  idpId: string;
  checks: AuthorizationChecks;
}

/** Why a brokered sign-in stopped, for the pages to say. */
export type BrokerRefusal =
  /** The provider's answer names no sign-in begun here (used already, expired, forged). */
  | 'replayed'
  /** The provider is deactivated, removed or no longer offered to this client. */
  | 'provider-gone'
  /** The provider's answer or its token, userinfo or user endpoint failed a check. */
  | 'provider-failed'
  /** No account is linked, and none may be linked or made. */
  | 'no-account'
  /** The account signed in to may not be linked to this provider (another organization's). */
  | 'not-linkable'
  /** The identity was linked to another account meanwhile. */
  | 'link-taken';

/** What the provider's answer leads to. */
export type Arrival =
  /** Sign in as this user through the provider: its linked user, or the one just made. */
  | { signInAs: string; idpId: string; refused?: undefined; next?: undefined }
  /** The next page: sign in to an account to link it, the choice, or the form. */
  | { next: SignInState; refused?: undefined; signInAs?: undefined }
  | { refused: BrokerRefusal; next?: undefined; signInAs?: undefined };

/** The form that makes an account from a provider's identity, as the person filled it. */
export type RegisterForm = Omit<NewPerson, 'emailVerified'>;

/**
 * Sign-in through an identity provider (identity brokering), transport-free: which providers a
 * client's sign-in offers, the start (the provider's authorization URL, the checks kept under
 * the state), the provider's answer (the provider still offered, the code exchanged, the
 * identity read), and what it leads to: the linked user (found by provider and subject alone),
 * or, with no link, the account the provider's verified email or user name points at (to sign
 * in to before it is linked), JIT creation, the choice to link an account or make one, or a
 * refusal.
 */
export class Brokering {
  private readonly upstream: UpstreamClient;
  private readonly accounts: BrokeredAccounts;
  /** Where the sign-ins begun at a provider are kept until it answers, under their `state`. */
  private readonly pending: KeptRecords;
  /** The providers' ID tokens kept to sign out there too. */
  readonly signOut: UpstreamSignOut;

  /** @param stores the server-side records of a kind (the provider's storage, keyed hashes) */
  constructor(
    private readonly deps: Dependencies,
    stores: (model: string) => KeptRecords,
  ) {
    const redirectUri = `${deps.config.publicUrl.replace(/\/$/, '')}${IDP_CALLBACK_PATH}`;
    this.upstream = new UpstreamClient(secretKeyOf(deps.config), redirectUri);
    this.accounts = new BrokeredAccounts(deps);
    this.pending = stores('BrokeredSignIn');
    this.signOut = new UpstreamSignOut(deps, stores, this.upstream);
  }

  /** The providers the sign-in of `clientId` offers, for its buttons. */
  async providers(clientId: string): Promise<{ id: string; name: string }[]> {
    const offered = await offeredProviders(this.deps.dataSource, clientId);
    return offered.map(({ id, name }) => ({ id, name }));
  }

  /** The provider a client's `urn:identity:org:idp:id:<id>` scope names, when it is offered. */
  async namedByScope(clientId: string, scope: unknown): Promise<string | undefined> {
    if (typeof scope !== 'string') return undefined;
    const named = scope
      .split(' ')
      .find((one) => one.startsWith(IDP_SCOPE_PREFIX))
      ?.slice(IDP_SCOPE_PREFIX.length);
    if (!named) return undefined;
    return (await offeredProvider(this.deps.dataSource, clientId, named))?.id;
  }

  /** The provider a user with links and no password signs in through: the first offered one. */
  async providerOf(userId: string, clientId: string): Promise<string | undefined> {
    const offered = await offeredProviders(this.deps.dataSource, clientId);
    return providerOfPasswordless(
      this.deps.dataSource,
      userId,
      offered.map((idp) => idp.id),
    );
  }

  /**
   * Begins the sign-in of interaction `uid` at provider `idpId`: the URL to send the person to,
   * its checks kept for `seconds` under its state; none when the client's sign-in does not offer
   * the provider. A provider out of reach or misconfigured throws.
   */
  async start(clientId: string, idpId: string, uid: string, seconds: number) {
    const idp = await offeredProvider(this.deps.dataSource, clientId, idpId);
    if (!idp) return undefined;
    const { url, checks } = await this.upstream.authorizationUrl(idp);
    const start: PendingStart = { uid, idpId, checks };
    await this.pending.upsert(checks.state, start, seconds);
    return url;
  }

  /** The interaction a provider's answer (its `state`) belongs to; none for no sign-in begun. */
  async interactionOf(state: string): Promise<string | undefined> {
    if (!state) return undefined;
    return ((await this.pending.find(state)) as PendingStart | undefined)?.uid;
  }

  /**
   * The provider's answer (`response`, its query) within interaction `uid` (`seconds` left): the
   * sign-in begun is used up (a second answer with its state is 'replayed'); the provider must
   * still be offered to the client; the code is exchanged and the identity read (its ID token
   * kept for signing out there, where the configuration asks); then what it leads to.
   */
  async arrive(
    uid: string,
    clientId: string,
    response: URLSearchParams,
    seconds: number,
  ): Promise<Arrival> {
    const state = response.get('state') ?? '';
    const start = state
      ? ((await this.pending.find(state)) as PendingStart | undefined)
      : undefined;
    if (!start || start.uid !== uid) return { refused: 'replayed' };
    await this.pending.destroy(state);
    const idp = await offeredProvider(this.deps.dataSource, clientId, start.idpId);
    if (!idp) return { refused: 'provider-gone' };
    let upstream: UpstreamIdentity;
    try {
      upstream = await this.upstream.identity(idp, response, start.checks);
    } catch (error) {
      // openid-client's errors (and their causes) say which check failed; none holds a secret.
      const { name, message, code, cause } = error as Error & { code?: string };
      const reason = (cause as Error | undefined)?.message;
      const said = { idpId: idp.id, error: name, errorCode: code, message, reason };
      this.deps.logger.warn(said, 'identity provider answer refused');
      return { refused: 'provider-failed' };
    }
    await this.signOut.providerAnswered(uid, idp, upstream.idToken, seconds);
    const identity = externalIdentity(idp, upstream);
    const linked = await linkedUserOf(this.deps.dataSource, idp.id, identity.subject);
    if (linked) {
      if (idp.isAutoUpdate) await this.accounts.followClaims(linked.userId, linked.orgId, identity);
      return { signInAs: linked.userId, idpId: idp.id };
    }
    return this.unlinked(idp, identity, clientId);
  }

  /**
   * The form's person made, linked to the identity, in the organization JIT creation makes it
   * in; its email verified only when it is the one the provider asserted verified. The provider
   * must still be offered.
   */
  async register(
    clientId: string,
    identity: ExternalIdentity,
    form: RegisterForm,
  ): Promise<Arrival | { invalid: FieldViolation[] }> {
    const idp = await offeredProvider(this.deps.dataSource, clientId, identity.idpId);
    if (!idp?.isCreationAllowed) return { refused: 'provider-gone' };
    const orgId = await this.organizationFor(idp, clientId);
    if (!orgId) return { refused: 'no-account' };
    const emailVerified = identity.emailVerified && form.email.trim() === identity.email;
    const made = await this.accounts.create(orgId, { ...form, emailVerified }, identity);
    if ('userId' in made) return { signInAs: made.userId, idpId: idp.id };
    if ('invalid' in made) return { invalid: made.invalid };
    if (made.taken === 'link') return { refused: 'link-taken' };
    return { invalid: [{ field: 'userName', description: 'is taken' }] };
  }

  /**
   * Links the user the person just signed in as to the identity: only while the provider is
   * offered, and only a user the provider may be linked to (an organization's provider, that
   * organization's users).
   */
  async linkSignedIn(
    clientId: string,
    userId: string,
    identity: ExternalIdentity,
  ): Promise<BrokerRefusal | 'linked'> {
    const idp = await offeredProvider(this.deps.dataSource, clientId, identity.idpId);
    if (!idp) return 'provider-gone';
    const orgId = await organizationOfUser(this.deps.dataSource, userId);
    if (!orgId || (idp.ownerType === 'org' && idp.orgId !== orgId)) return 'not-linkable';
    return (await this.accounts.link(userId, orgId, identity)) ? 'linked' : 'link-taken';
  }

  /**
   * An identity no user has: the account its verified email or user name finds (autoLinking),
   * to sign in to first; JIT creation (isAutoCreation) when the claims make a whole person;
   * else linking an account (isLinkingAllowed) or the form (isCreationAllowed), or both to
   * choose from; else refused. Linking (auto or not) asks for the account's password, so where
   * the client's login policy allows no user name and password none is offered.
   */
  private async unlinked(
    idp: IdpConfig,
    identity: ExternalIdentity,
    clientId: string,
  ): Promise<Arrival> {
    const orgId = await this.organizationFor(idp, clientId);
    const base = { methods: ['idp'], idpId: idp.id, external: identity };
    // Linking asks for the account's password: not where the login policy allows none.
    const linking = await allowsUsernamePassword(this.deps.dataSource, clientId);
    const candidate =
      linking &&
      orgId &&
      (await linkCandidate(this.deps.dataSource, idp.autoLinking, identity, orgId));
    if (candidate) {
      const { userId, userName, by } = candidate;
      return { next: { ...base, step: 'password', userId, userName, linkBy: by } };
    }
    const person = personOf(identity);
    if (idp.isAutoCreation && orgId && person) {
      const made = await this.accounts.create(orgId, person, identity);
      if ('userId' in made) return { signInAs: made.userId, idpId: idp.id };
      if ('taken' in made && made.taken === 'link') return { refused: 'link-taken' };
    }
    const create = idp.isCreationAllowed && orgId !== undefined;
    const link = idp.isLinkingAllowed && linking;
    if (link && create) return { next: { ...base, step: 'idp-choice' } };
    if (link) return { next: { ...base, step: 'user-name' } };
    if (create) return { next: { ...base, step: 'idp-register' } };
    return { refused: 'no-account' };
  }

  /**
   * The organization a person from this provider is made in, and whose accounts autoLinking
   * looks at: an organization's provider's; for an instance provider the client's project's
   * organization (none for a client of no project).
   */
  private async organizationFor(idp: IdpConfig, clientId: string): Promise<string | undefined> {
    return idp.ownerType === 'org' ? idp.orgId : projectOrgOf(this.deps.dataSource, clientId);
  }
}

/**
 * The person JIT creation makes of an identity: its user name (`preferred_username`, else the
 * email), names (namesOf) and email (verified as the provider asserted); none when a part is
 * missing (then the form asks, where creation is allowed).
 */
export function personOf(identity: ExternalIdentity): NewPerson | undefined {
  const names = namesOf(identity);
  const userName = identity.userName ?? identity.email;
  if (!names || !userName || !identity.email) return undefined;
  return {
    userName,
    ...names,
    ...(identity.displayName && { displayName: identity.displayName }),
    ...(identity.nickName && { nickName: identity.nickName }),
    email: identity.email,
    emailVerified: identity.emailVerified,
  };
}

/** The form that makes an account, filled with what the provider said. */
export function registerDefaults(identity: ExternalIdentity): RegisterForm {
  const names = namesOf(identity);
  return {
    userName: identity.userName ?? identity.email ?? '',
    firstName: names?.firstName ?? identity.firstName ?? '',
    lastName: names?.lastName ?? identity.lastName ?? '',
    email: identity.email ?? '',
  };
}
