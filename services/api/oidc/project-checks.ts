import { errors, interactionPolicy, type Account, type KoaContextWithOIDC } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import { PROJECT_ACCESS_PROMPT } from './oidc-paths.js';
import {
  projectAccess,
  type ProjectAccess,
  type ProjectRefusal,
} from '../accounts/project-access.js';

/** The roles claim: the user's roles of the application's project. */
export const ROLES_CLAIM = 'urn:identity:project:roles';
const rolesClaimOf = (projectId: string) => `urn:identity:project:${projectId}:roles`;

/** What an application's client record carries besides the standard metadata. */
export const APPLICATION_METADATA = [
  'project_id',
  'id_token_role_assertion',
  'access_token_role_assertion',
];

interface ApplicationClient {
  project_id?: string;
  id_token_role_assertion?: boolean;
  access_token_role_assertion?: boolean;
}

const applicationOf = (client: unknown) => (client ?? {}) as ApplicationClient;

/** One read of a user's access per request: the check and the account's claims share it. */
const readings = new WeakMap<object, Map<string, Promise<ProjectAccess | undefined>>>();
function accessIn(
  ctx: KoaContextWithOIDC,
  dataSource: DataSource,
  userId: string,
  projectId: string,
) {
  const ofRequest = readings.get(ctx) ?? new Map<string, Promise<ProjectAccess | undefined>>();
  readings.set(ctx, ofRequest);
  const key = `${userId} ${projectId}`;
  let reading = ofRequest.get(key);
  if (!reading) ofRequest.set(key, (reading = projectAccess(dataSource, userId, projectId)));
  return reading;
}

/** Records that the project refused the user's sign-in to the client. */
export type RecordRefusal = (
  userId: string,
  clientId: string,
  reason: ProjectRefusal,
) => Promise<unknown>;

/**
 * The provider's prompts with one more after the login: when the application's project refuses
 * the signed-in user (on every authorization, one answered from an existing session too), the
 * sign-in goes to the interaction page with `details.refusal`, or with `prompt=none` straight back
 * to the client with `access_denied`. Each refusal is recorded.
 */
export function policyWithProjectChecks(dataSource: DataSource, record: RecordRefusal) {
  const { base, Prompt, Check } = interactionPolicy;
  const refusals = new WeakMap<object, ProjectRefusal>();
  const refused = new Check(
    'project_refused',
    'the project of this application may not be used by the user',
    'access_denied',
    async (ctx) => {
      const projectId = applicationOf(ctx.oidc.client).project_id;
      const userId = ctx.oidc.session?.accountId;
      if (!projectId || !userId) return Check.NO_NEED_TO_PROMPT;
      const refusal = (await accessIn(ctx, dataSource, userId, projectId))?.refusal;
      if (!refusal) return Check.NO_NEED_TO_PROMPT;
      refusals.set(ctx, refusal);
      await record(userId, ctx.oidc.client!.clientId, refusal);
      return Check.REQUEST_PROMPT;
    },
    (ctx) => ({ refusal: refusals.get(ctx) }),
  );
  const policy = base();
  policy.add(new Prompt({ name: PROJECT_ACCESS_PROMPT, requestable: false }, refused), 1);
  return policy;
}

/**
 * The account of `sub` for the application of a project: a refresh the project now refuses (a
 * grant or role removed since) fails with `invalid_grant`, and the claims carry the user's roles
 * where the project asserts them (userinfo always, the ID token when the application asks).
 */
export async function withProjectAccess(
  dataSource: DataSource,
  ctx: KoaContextWithOIDC,
  account: Account | undefined,
  token: unknown,
): Promise<Account | undefined> {
  const client = applicationOf(ctx.oidc.client);
  if (!account || !client.project_id) return account;
  const access = await accessIn(ctx, dataSource, account.accountId, client.project_id);
  if ((token as { kind?: string } | undefined)?.kind === 'RefreshToken' && access?.refusal)
    throw new errors.CustomOIDCProviderError(
      'invalid_grant',
      'the project of this application may no longer be used by the user',
    );
  if (!access?.assertRoles) return account;
  return {
    ...account,
    claims: async (use, scope, claims, rejected) => ({
      ...(await account.claims(use, scope, claims, rejected)),
      ...((use === 'userinfo' || client.id_token_role_assertion) && {
        [ROLES_CLAIM]: access.roles,
      }),
    }),
  };
}

/**
 * The roles claims of a JWT access token for an application whose project asserts roles and that
 * asks for them (`access_token_role_assertion`): under both names.
 */
export async function accessTokenRoleClaims(
  dataSource: DataSource,
  client: unknown,
  accountId: string | undefined,
): Promise<Record<string, ProjectAccess['roles']>> {
  const { project_id: projectId, access_token_role_assertion: asked } = applicationOf(client);
  if (!projectId || !asked || !accountId) return {};
  const access = await projectAccess(dataSource, accountId, projectId);
  if (!access?.assertRoles) return {};
  return { [ROLES_CLAIM]: access.roles, [rolesClaimOf(projectId)]: access.roles };
}

/**
 * The userinfo answer with the roles under the project's own claim name too. The provider only
 * answers claims it knew at start, so the per-project name is added to its JSON answer here.
 */
export async function userinfoWithProjectClaim(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  const body = ctx.body as Record<string, unknown> | undefined;
  const projectId = applicationOf(ctx.oidc?.client).project_id;
  if (ctx.oidc?.route !== 'userinfo' || !projectId || typeof body !== 'object' || !body) return;
  if (ROLES_CLAIM in body) body[rolesClaimOf(projectId)] = body[ROLES_CLAIM];
}
