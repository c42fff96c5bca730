import { expect } from 'chai';
import { TestService, type ApiResponse } from '../support/test-service.js';
import { buildIdp, buildOwner, buildProject } from '../support/factories.js';
import { TcpProxy } from '../support/tcp-proxy.js';

const ERROR_DETAIL = 'type.googleapis.com/identity.v1.ErrorDetail';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';

const validUser = (userName: string) => ({
  userName,
  profile: { firstName: 'Ada', lastName: 'Lovelace' },
  email: { email: 'ada@example.com' },
});

/** The shape of section 7 with our two detail types, and the status the contract maps `code` to. */
function expectError(response: ApiResponse, status: number, code: number, id: string): void {
  expect(response.status, JSON.stringify(response.body)).to.equal(status);
  expect(response.body).to.have.all.keys('code', 'message', 'details');
  expect(response.body.code).to.equal(code);
  expect(response.body.message).to.be.a('string').and.not.equal('');
  expect(
    response.body.details.every(
      (detail: { '@type'?: string }) => typeof detail['@type'] === 'string',
    ),
  ).to.equal(true);
  expect(response.body.details.at(-1)).to.deep.equal({
    '@type': ERROR_DETAIL,
    id,
    message: response.body.message,
  });
}

function violations(response: ApiResponse): { field: string; description: string }[] {
  const badRequest = response.body.details.find(
    (detail: { '@type': string }) => detail['@type'] === BAD_REQUEST,
  );
  return badRequest?.fieldViolations ?? [];
}

describe('the error model over HTTP', () => {
  let service: TestService;
  let owner: { orgId: string; token: string };

  before(async () => {
    service = await TestService.start();
    owner = await buildOwner(service);
  });
  after(() => service.close());

  describe('INVALID_ARGUMENT (400)', () => {
    it('for a body that is not JSON', async () => {
      const response = await service.call('POST', '/management/v1/users/human/_import', {
        token: owner.token,
        rawBody: '{"userName": ',
      });
      expectError(response, 400, 3, 'REQUEST-INVALID');
      expect(violations(response)).to.deep.equal([
        {
          field: '',
          description: 'the request body is not valid JSON: expected a value at line 1 column 14',
        },
      ]);
    });

    it('for a body that is JSON but not an object', async () => {
      const response = await service.call('POST', '/management/v1/users/human/_import', {
        token: owner.token,
        rawBody: '[1,2]',
      });
      expectError(response, 400, 3, 'REQUEST-INVALID');
      expect(violations(response)).to.deep.equal([
        { field: '', description: 'the request body must be a JSON object' },
      ]);
    });

    it('for an empty body, read as an empty message as gRPC would', async () => {
      const response = await service.call('POST', '/management/v1/users/human/_import', {
        token: owner.token,
        rawBody: '',
      });
      expectError(response, 400, 3, 'REQUEST-INVALID');
      expect(
        violations(response)
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
      expectError(response, 400, 3, 'REQUEST-INVALID');
      expect(
        violations(response)
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
        violations(response).find((violation) => violation.field === 'profile.lastName')!
          .description,
      ).to.equal('must be at most 200 characters');
      expect(
        violations(response).find((violation) => violation.field === 'profile.firstName')!
          .description,
      ).to.equal('must not be empty');
      expect(response.body.message).to.contain('profile.firstName must not be empty');
    });

    it('naming an unknown field, nested too', async () => {
      const response = await service.importUser(
        { ...validUser('unknown'), profile: { firstName: 'A', lastName: 'B', middleName: 'C' } },
        { token: owner.token },
      );
      expectError(response, 400, 3, 'REQUEST-INVALID');
      expect(violations(response)).to.deep.equal([
        { field: 'profile.middleName', description: 'is not a known field' },
      ]);
    });

    it('for a bad enum value, listing the allowed ones', async () => {
      const response = await service.importUser(
        { ...validUser('enum'), profile: { firstName: 'A', lastName: 'B', gender: 1 } },
        { token: owner.token },
      );
      expectError(response, 400, 3, 'REQUEST-INVALID');
      expect(violations(response)).to.deep.equal([
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
      const sorted = violations(response).sort((a, b) => a.field.localeCompare(b.field));
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
        expectError(response, 400, 3, 'REQUEST-INVALID');
        expect(violations(response).map((violation) => violation.field)).to.deep.equal([field]);
      });
    }
  });

  it('FAILED_PRECONDITION (400) for an identity provider unknown to the organization', async () => {
    const response = await service.importUser(
      { ...validUser('idp'), idps: [{ configId: 'missing', externalUserId: 'e' }] },
      { token: owner.token },
    );
    expectError(response, 400, 9, 'IDP-CONFIG-NOT-FOUND');
  });

  it('NOT_FOUND (404) for a project that is not in the target organization', async () => {
    const other = await buildOwner(service);
    const theirs = (await buildProject(service, { orgId: other.orgId, name: 'Theirs' })).projectId;
    for (const id of ['does-not-exist', theirs]) {
      expectError(
        await service.updateProject(id, { name: 'Mine now' }, { token: owner.token }),
        404,
        5,
        'PROJECT-NOT-FOUND',
      );
    }
  });

  it('NOT_FOUND (404) for a path that is no operation', async () => {
    expectError(
      await service.call('GET', '/management/v1/nothing', { token: owner.token }),
      404,
      5,
      'ROUTE-NOT-FOUND',
    );
  });

  it('ALREADY_EXISTS (409) for a taken userName, IdP link and project name', async () => {
    expect((await service.importUser(validUser('taken'), { token: owner.token })).status).to.equal(
      200,
    );
    expectError(
      await service.importUser(validUser('TAKEN'), { token: owner.token }),
      409,
      6,
      'USER-ALREADY-EXISTS',
    );
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    expect(
      (
        await service.importUser(
          { ...validUser('link-a'), idps: [{ configId: idp, externalUserId: 'e' }] },
          { token: owner.token },
        )
      ).status,
    ).to.equal(200);
    expectError(
      await service.importUser(
        { ...validUser('link-b'), idps: [{ configId: idp, externalUserId: 'e' }] },
        { token: owner.token },
      ),
      409,
      6,
      'USER-IDP-LINK-ALREADY-EXISTS',
    );
    await buildProject(service, { orgId: owner.orgId, name: 'Apollo' });
    const second = (await buildProject(service, { orgId: owner.orgId, name: 'Gemini' })).projectId;
    expectError(
      await service.updateProject(second, { name: 'apollo' }, { token: owner.token }),
      409,
      6,
      'PROJECT-NAME-ALREADY-EXISTS',
    );
  });

  it('UNAUTHENTICATED (401) without credentials', async () => {
    expectError(await service.importUser(validUser('anonymous')), 401, 16, 'AUTH-UNAUTHENTICATED');
  });

  it('PERMISSION_DENIED (403) for an organization the caller has no permission in', async () => {
    const other = await buildOwner(service);
    expectError(
      await service.importUser(validUser('elsewhere'), { token: owner.token, orgId: other.orgId }),
      403,
      7,
      'AUTH-PERMISSION-DENIED',
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
    expectError(over, 413, 8, 'REQUEST-TOO-LARGE');
    const under = await service.call('POST', '/management/v1/users/human/_import', {
      token: owner.token,
      rawBody: filler(limit),
    });
    expectError(under, 400, 3, 'REQUEST-INVALID');
    expect(violations(under)).to.deep.equal([
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
      expectError(response, 500, 13, 'INTERNAL');
      expect(response.body.message).to.equal('internal error');
      expect(JSON.stringify(response.body)).to.not.match(/haunted|users|SQL|INSERT/i);
      expect(service.logs.text).to.contain('unexpected error');
      expect(service.logs.text).to.not.contain('haunted');
    } finally {
      await service.dataSource.query('DROP TRIGGER fail_user_insert');
    }
  });
});

describe('the error model when the database is unreachable', () => {
  let proxy: TcpProxy;
  let service: TestService;
  let owner: { orgId: string; token: string };

  before(async () => {
    proxy = new TcpProxy('127.0.0.1', 3306);
    service = await TestService.start({}, await proxy.start());
    owner = await buildOwner(service);
  });
  after(async () => {
    await proxy.cut();
    await service.close();
  });

  it('answers UNAVAILABLE (503) promptly for every operation, and works again when it is back', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Reachable' }))
      .projectId;
    const port = proxy.port;
    await proxy.cut();
    const started = Date.now();
    const responses = await Promise.all([
      service.importUser(validUser('offline'), { token: owner.token }),
      service.updateMyProfile(
        { firstName: 'A', lastName: 'B', displayName: 'A B' },
        { token: owner.token },
      ),
      service.updateProject(projectId, { name: 'Renamed' }, { token: owner.token }),
    ]);
    for (const response of responses) expectError(response, 503, 14, 'SERVICE-UNAVAILABLE');
    expect(Date.now() - started).to.be.below(15_000);

    proxy = new TcpProxy('127.0.0.1', 3306);
    await proxy.start(port);
    let back: ApiResponse | undefined;
    for (let attempt = 0; attempt < 20 && back?.status !== 200; attempt++) {
      back = await service.updateProject(projectId, { name: 'Renamed' }, { token: owner.token });
    }
    expect(back!.status).to.equal(200);
  });
});
