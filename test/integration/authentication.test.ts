import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Project, User } from '../../shared/db/entities/index.js';
import { generateSigningJwk } from '../../services/api/admin/tokens.js';
import { buildMember, buildOrg, buildOwner, buildProject } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { expectServiceError } from '../support/service-error.js';

/**
 * The contract's "Identity" rule: a missing, malformed, expired or badly signed token, or a `sub`
 * that names no active user of an active organization, is UNAUTHENTICATED (401, code 16) on every
 * operation, writes nothing and does not echo the credential back.
 */

type OperationName = 'UpdateMyProfile' | 'ImportHumanUser' | 'UpdateProject';
const OPERATION_NAMES: OperationName[] = ['UpdateMyProfile', 'ImportHumanUser', 'UpdateProject'];

/** The user a token speaks for; every subject holds ORG_OWNER, so only the credential matters. */
interface Subject {
  userId: string;
  orgId: string;
}

interface Credentials {
  /** The `Authorization` header, or none at all. */
  authorization?: string;
  /** What must not come back in the response. */
  secret?: string;
  subject: Subject;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describeOnEachDatabase('Authentication of every operation over HTTP', (service) => {
  let owner: Subject & { token: string };

  /** Calls with exactly this `Authorization` header, or none. */
  const send = (method: string, path: string, authorization: string | undefined, body: unknown) =>
    service.call(method, path, {
      headers: authorization === undefined ? {} : { authorization },
      body,
    });

  const profileBody = (firstName: string) => ({
    firstName,
    lastName: 'Auth',
    displayName: `${firstName} Auth`,
  });
  const updateMyProfile = (authorization: string | undefined, firstName: string) =>
    send('PUT', '/auth/v1/users/me/profile', authorization, profileBody(firstName));
  const importUser = (authorization: string | undefined, userName: string) =>
    send('POST', '/management/v1/users/human/_import', authorization, {
      userName,
      profile: { firstName: 'Auth', lastName: 'Test' },
      email: { email: `${userName}@example.com` },
    });
  const updateProject = (authorization: string | undefined, projectId: string, name: string) =>
    send('PUT', `/management/v1/projects/${encodeURIComponent(projectId)}`, authorization, {
      name,
      hasProjectCheck: true,
    });

  const userRow = (id: string) => service.dataSource.getRepository(User).findOneBy({ id });
  const projectRow = (id: string) =>
    service.dataSource.getRepository(Project).findOneByOrFail({ id });

  /** The kid of the key the service verifies with, taken from its JWKS file. */
  async function configuredKid(): Promise<string> {
    const jwks = JSON.parse(await readFile(service.config.auth.jwksFile!, 'utf8')) as {
      keys: { kid: string }[];
    };
    return jwks.keys[0]!.kid;
  }

  /** A fresh ORG_OWNER whose token is shown to work before `disable` runs. */
  async function disabledSubject(disable: (subject: Subject) => Promise<void>) {
    const orgId = (await buildOrg(service)).orgId;
    const { userId, token } = await buildMember(service, { orgId, roles: ['ORG_OWNER'] });
    const working = await updateMyProfile(`Bearer ${token}`, 'Still-active');
    expect(working.status, 'the token works before the state change').to.equal(200);
    await disable({ userId, orgId });
    return { authorization: `Bearer ${token}`, secret: token, subject: { userId, orgId } };
  }

  const cases: { name: string; credentials: () => Promise<Credentials> }[] = [
    {
      name: 'no Authorization header',
      credentials: async () => ({ subject: owner }),
    },
    {
      name: 'the Basic scheme with a user name and password',
      credentials: async () => {
        const secret = Buffer.from('owner:Sup3r-secret!').toString('base64');
        return { authorization: `Basic ${secret}`, secret, subject: owner };
      },
    },
    {
      name: 'a valid token under the Basic scheme',
      credentials: async () => {
        const token = await service.token(owner.userId);
        return { authorization: `Basic ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'a Bearer value that is not a JWT',
      credentials: async () => ({
        authorization: 'Bearer not-a-jwt',
        secret: 'not-a-jwt',
        subject: owner,
      }),
    },
    {
      name: 'a Bearer value of three segments that are not JSON',
      credentials: async () => ({
        authorization: 'Bearer abcd.efgh.ijkl',
        secret: 'abcd.efgh.ijkl',
        subject: owner,
      }),
    },
    {
      name: 'an unsecured token (alg none)',
      credentials: async () => {
        const now = Math.floor(Date.now() / 1000);
        const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
          sub: owner.userId,
          iss: service.config.auth.issuer,
          aud: service.config.auth.audience,
          iat: now,
          exp: now + 600,
        })}.`;
        return { authorization: `Bearer ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'a valid token with its signature cut off',
      credentials: async () => {
        const [header, payload] = (await service.token(owner.userId)).split('.');
        const token = `${header}.${payload}.`;
        return { authorization: `Bearer ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'a valid token whose payload was altered after signing',
      credentials: async () => {
        const [header, payload, signature] = (await service.token(owner.userId)).split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
        const token = `${header}.${base64url({ ...claims, exp: claims.exp + 86400 })}.${signature}`;
        return { authorization: `Bearer ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'an expired token',
      credentials: async () => {
        const token = await service.token(owner.userId, { ttlSeconds: -60 });
        return { authorization: `Bearer ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'a token signed by another key',
      credentials: async () => {
        const token = await service.token(owner.userId, { jwk: await generateSigningJwk() });
        return { authorization: `Bearer ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'a token signed by another key under the configured kid',
      credentials: async () => {
        const jwk = { ...(await generateSigningJwk()), kid: await configuredKid() };
        const token = await service.token(owner.userId, { jwk });
        return { authorization: `Bearer ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'a token of another issuer',
      credentials: async () => {
        const token = await service.token(owner.userId, { issuer: 'https://evil.example' });
        return { authorization: `Bearer ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'a token for another audience',
      credentials: async () => {
        const token = await service.token(owner.userId, { audience: 'another-service' });
        return { authorization: `Bearer ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'a sub that names no user',
      credentials: async () => {
        const token = await service.token(randomUUID());
        return { authorization: `Bearer ${token}`, secret: token, subject: owner };
      },
    },
    {
      name: 'a sub that names an inactive user',
      credentials: () =>
        disabledSubject(async ({ userId }) => {
          await service.dataSource.query(`UPDATE users SET state = 'inactive' WHERE id = ?`, [
            userId,
          ]);
        }),
    },
    {
      name: 'a user of an inactive organization',
      credentials: () =>
        disabledSubject(async ({ orgId }) => {
          await service.dataSource.query(
            `UPDATE organizations SET state = 'inactive' WHERE id = ?`,
            [orgId],
          );
        }),
    },
  ];

  function expectUnauthenticated(response: Awaited<ReturnType<typeof send>>, secret?: string) {
    expectServiceError(response, { status: 401, code: 16, id: 'AUTH-UNAUTHENTICATED' });
    if (secret === undefined) return;
    expect(response.text, 'the body echoes the credential').to.not.include(secret);
    for (const [name, value] of response.headers) {
      expect(value, `header ${name} echoes the credential`).to.not.include(secret);
    }
  }

  before(async () => {
    owner = await buildOwner(service);
  });

  cases.forEach(({ name, credentials }, caseIndex) => {
    describe(`with ${name}`, () => {
      OPERATION_NAMES.forEach((operation) => {
        it(`${operation} → 401 UNAUTHENTICATED, nothing written`, async () => {
          const { authorization, secret, subject } = await credentials();
          const suffix = `${caseIndex}-${randomBytes(3).toString('hex')}`;
          // Created before counting: making the project records its own event.
          const projectId =
            operation === 'UpdateProject'
              ? (await buildProject(service, { orgId: subject.orgId })).projectId
              : '';
          const usersBefore = await service.count('users');
          const eventsBefore = await service.count('events');

          if (operation === 'UpdateMyProfile') {
            const before = await userRow(subject.userId);
            expectUnauthenticated(await updateMyProfile(authorization, `Denied-${suffix}`), secret);
            expect(await userRow(subject.userId)).to.deep.equal(before);
          } else if (operation === 'ImportHumanUser') {
            const userName = `denied-${suffix}`;
            expectUnauthenticated(await importUser(authorization, userName), secret);
            expect(await service.count('users', 'user_name_lower = ?', [userName])).to.equal(0);
          } else {
            const before = await projectRow(projectId);
            expectUnauthenticated(
              await updateProject(authorization, projectId, `Denied ${suffix}`),
              secret,
            );
            expect(await projectRow(projectId)).to.deep.equal(before);
          }
          expect(await service.count('users')).to.equal(usersBefore);
          expect(await service.count('events')).to.equal(eventsBefore);
        });
      });
    });
  });

  describe('with a valid token (positive control)', () => {
    it('UpdateMyProfile → 200 and the profile changed', async () => {
      const token = await service.token(owner.userId);
      const response = await updateMyProfile(`Bearer ${token}`, 'Valid');
      expect(response.status, response.text).to.equal(200);
      expect(response.body.details.resourceOwner).to.equal(owner.orgId);
      expect(await userRow(owner.userId)).to.include({
        firstName: 'Valid',
        displayName: 'Valid Auth',
      });
    });

    it('ImportHumanUser → 200 and the user stored in the caller’s org', async () => {
      const token = await service.token(owner.userId);
      const response = await importUser(`Bearer ${token}`, 'valid-import');
      expect(response.status, response.text).to.equal(200);
      expect(await userRow(response.body.userId)).to.include({
        userName: 'valid-import',
        orgId: owner.orgId,
      });
    });

    it('UpdateProject → 200 and the project changed', async () => {
      const token = await service.token(owner.userId);
      const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
      const response = await updateProject(`Bearer ${token}`, projectId, 'Valid project');
      expect(response.status, response.text).to.equal(200);
      expect(await projectRow(projectId)).to.include({
        name: 'Valid project',
        hasProjectCheck: true,
        orgId: owner.orgId,
      });
    });
  });
});
