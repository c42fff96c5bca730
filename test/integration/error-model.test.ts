import { expect } from 'chai';
import { expectServiceError, violationsOf } from '../support/service-error.js';
import { TestService } from '../support/test-service.js';
import { buildIdp, buildOwner, buildProject } from '../support/factories.js';

const validUser = (userName: string) => ({
  userName,
  profile: { firstName: 'Ada', lastName: 'Lovelace' },
  email: { email: 'ada@example.com' },
});

describe('the error model over HTTP', () => {
  let service: TestService;
  let owner: { orgId: string; token: string };

  before(async () => {
    service = await TestService.start();
    owner = await buildOwner(service);
  });
  after(() => service.close());

  describe('INVALID_ARGUMENT (400)', () => {
    const unreadable = [
      {
        title: 'for a body that is not JSON',
        rawBody: '{"userName": ',
        description: 'the request body is not valid JSON: expected a value at line 1 column 14',
      },
      {
        title: 'for a body that is JSON but not an object',
        rawBody: '[1,2]',
        description: 'the request body must be a JSON object',
      },
    ];
    for (const { title, rawBody, description } of unreadable) {
      it(title, async () => {
        const response = await service.call('POST', '/management/v1/users/human/_import', {
          token: owner.token,
          rawBody,
        });
        expectServiceError(response, { status: 400, code: 3, id: 'REQUEST-INVALID' });
        expect(violationsOf(response)).to.deep.equal([{ field: '', description }]);
      });
    }

    it('for an empty body, read as an empty message as gRPC would', async () => {
      const response = await service.call('POST', '/management/v1/users/human/_import', {
        token: owner.token,
        rawBody: '',
      });
      expectServiceError(response, { status: 400, code: 3, id: 'REQUEST-INVALID' });
      expect(
        violationsOf(response)
          .map((violation) => violation.field)
          .sort(),
      ).to.deep.equal(['email', 'profile', 'userName']);
    });

    it('with one field violation for every violated field', async () => {
      const response = await service.importUser(
        {
          userName: '   ',
          profile: {
            firstName: '',
            lastName: 'x'.repeat(201),
            nickName: 'n'.repeat(201),
            gender: 'GENDER_OTHER',
            preferredLanguage: 'a-very-long-tag',
          },
          email: { email: 'not-an-email', isEmailVerified: 'yes' },
          phone: { phone: '' },
          idps: [{ configId: '', externalUserId: 'e'.repeat(201), displayName: 'd'.repeat(201) }],
          unknownField: 1,
        },
        { token: owner.token },
      );
      expectServiceError(response, { status: 400, code: 3, id: 'REQUEST-INVALID' });
      expect(
        violationsOf(response)
          .map((violation) => violation.field)
          .sort(),
      ).to.deep.equal(
        [
          '',
          'userName',
          'profile.firstName',
          'profile.lastName',
          'profile.nickName',
          'profile.gender',
          'profile.preferredLanguage',
          'email.email',
          'email.isEmailVerified',
          'phone.phone',
          'idps[0].configId',
          'idps[0].externalUserId',
          'idps[0].displayName',
        ]
          .map((field) => (field === '' ? 'unknownField' : field))
          .sort(),
      );
      expect(
        violationsOf(response).find((violation) => violation.field === 'profile.lastName')!
          .description,
      ).to.equal('must be at most 200 characters');
      expect(
        violationsOf(response).find((violation) => violation.field === 'profile.firstName')!
          .description,
      ).to.equal('must not be empty');
      expect(response.body.message).to.contain('profile.firstName must not be empty');
    });

    it('naming an unknown field, nested too', async () => {
      const response = await service.importUser(
        { ...validUser('unknown'), profile: { firstName: 'A', lastName: 'B', middleName: 'C' } },
        { token: owner.token },
      );
      expectServiceError(response, { status: 400, code: 3, id: 'REQUEST-INVALID' });
      expect(violationsOf(response)).to.deep.equal([
        { field: 'profile.middleName', description: 'is not a known field' },
      ]);
    });

    it('for a bad enum value, listing the allowed ones', async () => {
      const response = await service.importUser(
        { ...validUser('enum'), profile: { firstName: 'A', lastName: 'B', gender: 1 } },
        { token: owner.token },
      );
      expectServiceError(response, { status: 400, code: 3, id: 'REQUEST-INVALID' });
      expect(violationsOf(response)).to.deep.equal([
        {
          field: 'profile.gender',
          description:
            'must be one of GENDER_UNSPECIFIED, GENDER_FEMALE, GENDER_MALE, GENDER_DIVERSE',
        },
      ]);
    });

    it('for a missing required field', async () => {
      const response = await service.importUser(
        { userName: 'x', profile: { firstName: 'A' } },
        { token: owner.token },
      );
      const sorted = violationsOf(response).sort((a, b) => a.field.localeCompare(b.field));
      expect(sorted).to.deep.equal([
        { field: 'email', description: 'is required' },
        { field: 'profile.lastName', description: 'is required' },
      ]);
    });

    const domainRules: [string, Record<string, unknown>, string][] = [
      ['a password that fails the policy', { password: 'password' }, 'password'],
      [
        'an unsupported hashedPassword',
        { hashedPassword: { value: '5f4dcc3b5aa765d61d8327deb882cf99' } },
        'hashedPassword.value',
      ],
      [
        'both password and hashedPassword',
        {
          password: 'Sup3r-secret!',
          hashedPassword: { value: '$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/' },
        },
        'hashedPassword',
      ],
      ['a phone that is not a global number', { phone: { phone: '0791234567' } }, 'phone.phone'],
      ['an otpCode that is not base32', { otpCode: '0000-1111-2222-3333' }, 'otpCode'],
    ];
    for (const [name, fields, field] of domainRules) {
      it(`for ${name}`, async () => {
        const response = await service.importUser(
          { ...validUser('rule'), ...fields },
          { token: owner.token },
        );
        expectServiceError(response, { status: 400, code: 3, id: 'REQUEST-INVALID' });
        expect(violationsOf(response).map((violation) => violation.field)).to.deep.equal([field]);
      });
    }
  });

  it('FAILED_PRECONDITION (400) for an identity provider unknown to the organization', async () => {
    const response = await service.importUser(
      { ...validUser('idp'), idps: [{ configId: 'missing', externalUserId: 'e' }] },
      { token: owner.token },
    );
    expectServiceError(response, { status: 400, code: 9, id: 'IDP-CONFIG-NOT-FOUND' });
  });

  it('NOT_FOUND (404) for a project that is not in the target organization', async () => {
    const other = await buildOwner(service);
    const theirs = (await buildProject(service, { orgId: other.orgId, name: 'Theirs' })).projectId;
    for (const id of ['does-not-exist', theirs]) {
      expectServiceError(
        await service.updateProject(id, { name: 'Mine now' }, { token: owner.token }),
        { status: 404, code: 5, id: 'PROJECT-NOT-FOUND' },
      );
    }
  });

  it('NOT_FOUND (404) for a path that is no operation', async () => {
    expectServiceError(
      await service.call('GET', '/management/v1/nothing', { token: owner.token }),
      { status: 404, code: 5, id: 'ROUTE-NOT-FOUND' },
    );
  });

  it('ALREADY_EXISTS (409) for a taken userName, IdP link and project name', async () => {
    expect((await service.importUser(validUser('taken'), { token: owner.token })).status).to.equal(
      200,
    );
    expectServiceError(await service.importUser(validUser('TAKEN'), { token: owner.token }), {
      status: 409,
      code: 6,
      id: 'USER-ALREADY-EXISTS',
    });
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    expect(
      (
        await service.importUser(
          { ...validUser('link-a'), idps: [{ configId: idp, externalUserId: 'e' }] },
          { token: owner.token },
        )
      ).status,
    ).to.equal(200);
    expectServiceError(
      await service.importUser(
        { ...validUser('link-b'), idps: [{ configId: idp, externalUserId: 'e' }] },
        { token: owner.token },
      ),
      { status: 409, code: 6, id: 'USER-IDP-LINK-ALREADY-EXISTS' },
    );
    await buildProject(service, { orgId: owner.orgId, name: 'Apollo' });
    const second = (await buildProject(service, { orgId: owner.orgId, name: 'Gemini' })).projectId;
    expectServiceError(
      await service.updateProject(second, { name: 'apollo' }, { token: owner.token }),
      { status: 409, code: 6, id: 'PROJECT-NAME-ALREADY-EXISTS' },
    );
  });

  it('UNAUTHENTICATED (401) without credentials', async () => {
    expectServiceError(await service.importUser(validUser('anonymous')), {
      status: 401,
      code: 16,
      id: 'AUTH-UNAUTHENTICATED',
    });
  });

  it('PERMISSION_DENIED (403) for an organization the caller has no permission in', async () => {
    const other = await buildOwner(service);
    expectServiceError(
      await service.importUser(validUser('elsewhere'), { token: owner.token, orgId: other.orgId }),
      { status: 403, code: 7, id: 'AUTH-PERMISSION-DENIED' },
    );
  });

  it('RESOURCE_EXHAUSTED (413) for a body over the limit, and accepts one just under', async () => {
    const limit = service.config.requestBodyLimit;
    const filler = (size: number) => {
      const body = JSON.stringify({
        ...validUser('big'),
        profile: { firstName: 'A', lastName: 'B', nickName: '' },
      });
      return body.replace('"nickName":""', `"nickName":"${'n'.repeat(size - body.length)}"`);
    };
    const over = await service.call('POST', '/management/v1/users/human/_import', {
      token: owner.token,
      rawBody: filler(limit + 1),
    });
    expectServiceError(over, { status: 413, code: 8, id: 'REQUEST-TOO-LARGE' });
    const under = await service.call('POST', '/management/v1/users/human/_import', {
      token: owner.token,
      rawBody: filler(limit),
    });
    expectServiceError(under, { status: 400, code: 3, id: 'REQUEST-INVALID' });
    expect(violationsOf(under)).to.deep.equal([
      { field: 'profile.nickName', description: 'must be at most 200 characters' },
    ]);
  });

  it('INTERNAL (500) for anything unexpected, with no internals in the message', async () => {
    await service.dataSource.query(
      `CREATE TRIGGER fail_user_insert BEFORE INSERT ON users FOR EACH ROW
       IF NEW.user_name = 'explode' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'table users is haunted'; END IF`,
    );
    try {
      const response = await service.importUser(validUser('explode'), { token: owner.token });
      expectServiceError(response, { status: 500, code: 13, id: 'INTERNAL' });
      expect(response.body.message).to.equal('internal error');
      expect(JSON.stringify(response.body)).to.not.match(/haunted|users|SQL|INSERT/i);
      expect(service.logs.text).to.contain('unexpected error');
      expect(service.logs.text).to.not.contain('haunted');
    } finally {
      await service.dataSource.query('DROP TRIGGER fail_user_insert');
    }
  });
});
