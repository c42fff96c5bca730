import { expect } from 'chai';
import { Passkey, UserCode } from '../../shared/db/entities/index.js';
import { CookieJar } from '../support/cookie-jar.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { localhostUrlEnv } from '../support/relying-party.js';

/** The error detail's id of an answer in the API's error shape. */
function errorId(body: { details?: { id?: string }[] }): string | undefined {
  return body.details?.find((detail) => detail.id)?.id;
}

describeOnEachDatabase(
  'the passkey endpoints, refusing what is not a valid ceremony',
  (service) => {
    let owner: { userId: string; token: string };
    const now = () => Math.floor(Date.now() / 1000);
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const response = await fetch(`${service.config.publicUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token && { authorization: `Bearer ${token}` }),
        },
        ...(body !== undefined && {
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      });
      return { status: response.status, body: (await response.json()) as never };
    };

    before(async () => {
      owner = await buildOwner(service);
    });

    it('asks for a recent sign-in before adding a passkey (the token’s auth_time)', async () => {
      const path = '/auth/v1/users/me/passkeys/_start-registration';
      const without = await call('POST', path, owner.token);
      expect([without.status, errorId(without.body)]).to.deep.equal([
        401,
        'REAUTHENTICATION-REQUIRED',
      ]);
      const stale = await service.token(owner.userId, { claims: { auth_time: now() - 3600 } });
      expect(errorId((await call('POST', path, stale)).body)).to.equal('REAUTHENTICATION-REQUIRED');
      const fresh = await service.token(owner.userId, { claims: { auth_time: now() } });
      const started = await call('POST', path, fresh);
      expect(started.status).to.equal(200);
      const { ceremonyId, options } = started.body as {
        ceremonyId: string;
        options: Record<string, never>;
      };
      expect(ceremonyId).to.match(/^[0-9a-f-]{36}$/);
      expect(options).to.deep.include({
        rp: { name: 'Identity', id: 'localhost' },
        authenticatorSelection: {
          residentKey: 'preferred',
          userVerification: 'required',
          requireResidentKey: false,
        },
      });
    });

    it('refuses garbage, an unknown ceremony and a bad body to finish, storing nothing', async () => {
      const fresh = await service.token(owner.userId, { claims: { auth_time: now() } });
      const path = '/auth/v1/users/me/passkeys/_finish-registration';
      const { ceremonyId } = (
        await call('POST', '/auth/v1/users/me/passkeys/_start-registration', fresh)
      ).body as { ceremonyId: string };
      // Not an object: the schema's to refuse, naming the field; an object that is no answer to
      // the ceremony: the verifier's.
      const notObject = await call('POST', path, fresh, { ceremonyId, credential: 'garbage' });
      expect([notObject.status, errorId(notObject.body)]).to.deep.equal([400, 'REQUEST-INVALID']);
      expect(JSON.stringify(notObject.body)).to.contain('"field":"credential"');
      const garbage = await call('POST', path, fresh, {
        ceremonyId,
        credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
      });
      expect([garbage.status, errorId(garbage.body)]).to.deep.equal([
        400,
        'PASSKEY-VERIFICATION-FAILED',
      ]);
      const unknown = await call('POST', path, fresh, {
        ceremonyId: '00000000-0000-0000-0000-000000000000',
        credential: { id: 'x', response: {} },
      });
      expect([unknown.status, errorId(unknown.body)]).to.deep.equal([
        400,
        'PASSKEY-CEREMONY-EXPIRED',
      ]);
      const notJson = await call('POST', path, fresh, '{"ceremonyId": ');
      expect([notJson.status, errorId(notJson.body)]).to.deep.equal([400, 'REQUEST-INVALID']);
      const huge = await call('POST', path, fresh, { credential: { x: 'x'.repeat(1_100_000) } });
      expect([huge.status, errorId(huge.body)]).to.deep.equal([413, 'REQUEST-TOO-LARGE']);
      expect(await service.dataSource.getRepository(Passkey).count()).to.equal(0);
    });

    it('lists, and answers PASSKEY-NOT-FOUND and 401 in the documented shape', async () => {
      const list = await call('GET', '/auth/v1/users/me/passkeys', owner.token);
      expect(list).to.deep.equal({ status: 200, body: { passkeys: [] } });
      const id = '00000000-0000-0000-0000-000000000000';
      const renamed = await call('PUT', `/auth/v1/users/me/passkeys/${id}`, owner.token, {
        name: 'x',
      });
      expect([renamed.status, errorId(renamed.body)]).to.deep.equal([404, 'PASSKEY-NOT-FOUND']);
      const removed = await call('DELETE', `/auth/v1/users/me/passkeys/${id}`, owner.token);
      expect([removed.status, errorId(removed.body)]).to.deep.equal([404, 'PASSKEY-NOT-FOUND']);
      const anonymous = await call('GET', '/auth/v1/users/me/passkeys');
      expect(anonymous.status).to.equal(401);
      expect(anonymous.body).to.deep.include({ code: 16 });
    });

    it("refuses the link page's calls without its form token, for a wrong link, and garbage", async () => {
      const imported = await service.importUser(
        {
          userName: 'link.user',
          profile: { firstName: 'Lin', lastName: 'K' },
          email: { email: 'link@example.com', isEmailVerified: true },
          requestPasswordlessRegistration: true,
        },
        { token: owner.token },
      );
      const link = new URL(imported.body.passwordlessRegistration.link as string);
      const fields = Object.fromEntries(link.searchParams);
      const jar = new CookieJar();
      const page = await jar.fetch(link.href);
      expect(page.status).to.equal(200);
      const csrf = /data-csrf="([^"]+)"/.exec(await page.text())![1]!;
      const post = async (path: string, body: object) => {
        const response = await jar.fetch(`${service.config.publicUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, id: errorId((await response.json()) as never) };
      };
      expect(await post('/ui/login/passwordless/options', fields)).to.deep.equal({
        status: 400,
        id: 'REQUEST-INVALID',
      });
      expect(
        await post('/ui/login/passwordless/options', { ...fields, code: 'wrong', _csrf: csrf }),
      ).to.deep.equal({ status: 400, id: 'REGISTRATION-LINK-INVALID' });
      const started = await jar.fetch(`${service.config.publicUrl}/ui/login/passwordless/options`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, _csrf: csrf }),
      });
      const { ceremonyId } = (await started.json()) as { ceremonyId: string };
      for (const credential of [null, [], { id: 'AAAA', response: { attestationObject: '!' } }])
        expect(
          await post('/ui/login/passwordless/register', {
            ...fields,
            _csrf: csrf,
            ceremonyId,
            credential,
          }),
        ).to.have.property('status', 400);
      const [code] = await service.dataSource
        .getRepository(UserCode)
        .findBy({ id: fields.codeID! });
      expect(code!.usedAt, 'the link still works').to.equal(null);
      expect(await service.dataSource.getRepository(Passkey).count()).to.equal(0);
      const wrong = new URL(link);
      wrong.searchParams.set('code', 'nope');
      const gone = await jar.fetch(wrong.href);
      expect(gone.status).to.equal(410);
      expect(await gone.text()).to.contain('This link no longer works');
    });
  },
  localhostUrlEnv,
);
