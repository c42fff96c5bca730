import { randomUUID } from 'node:crypto';
import { generateSigningJwk } from '../../services/api/admin/tokens.js';
import { type TestService } from '../support/test-service.js';
import { buildIdp, buildMember, buildOwner, buildProject } from '../support/factories.js';

/** What the fuzzer's requests refer to: callers, organizations, projects, an IdP. */
export interface FuzzFixtures {
  orgId: string;
  /** An organization the owner has no role in. */
  otherOrgId: string;
  /** ORG_OWNER of `orgId`: imports and project updates. */
  owner: { userId: string; token: string };
  /** A user of `orgId` without roles: profile updates only. */
  member: { userId: string; token: string };
  /** Projects of `orgId`. */
  projectIds: string[];
  /** A project of `otherOrgId`. */
  otherProjectId: string;
  /** An identity provider of `orgId`. */
  idpId: string;
  /** Tokens the service must refuse: expired, another audience, another key, an unknown user. */
  refusedTokens: string[];
}

/** Tokens that outlive any campaign (a long one runs for tens of minutes). */
const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export async function createFuzzFixtures(service: TestService): Promise<FuzzFixtures> {
  const owner = await buildOwner(service);
  const other = await buildOwner(service);
  const member = await buildMember(service, { orgId: owner.orgId });
  const projectIds = [
    (await buildProject(service, { orgId: owner.orgId })).projectId,
    (await buildProject(service, { orgId: owner.orgId })).projectId,
  ];
  const token = (userId: string) => service.token(userId, { ttlSeconds: TOKEN_TTL_SECONDS });
  return {
    orgId: owner.orgId,
    otherOrgId: other.orgId,
    owner: { userId: owner.userId, token: await token(owner.userId) },
    member: { userId: member.userId, token: await token(member.userId) },
    projectIds,
    otherProjectId: (await buildProject(service, { orgId: other.orgId })).projectId,
    idpId: (await buildIdp(service, { orgId: owner.orgId })).idpId,
    refusedTokens: [
      await service.token(owner.userId, { ttlSeconds: -60 }),
      await service.token(owner.userId, { audience: 'another-service' }),
      await service.token(owner.userId, { jwk: await generateSigningJwk() }),
      await service.token(randomUUID()),
    ],
  };
}
