import { expect } from 'chai';
import { EventRecord } from '../../shared/db/entities/index.js';
import { buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

/** No password, hash, code or OTP secret in a response (but the requested link), an event or a log line. */
describeOnEachDatabase(
  'secrets',
  (service) => {
    let owner: { orgId: string; token: string };

    const password = 'Cl3ar-Text-Secret!';
    const hashed =
      '$6$saltsalt$qFmFH.bQmmtXzyBY0s9v7Oicd2z4XSIecDzlB5KiA2/jctKu9YterLp8wwnSq.qc.eoxqOmSuNp2xS0ktL3nh/';
    const otpCode = 'KRUGS4ZANFZSA5DPOAQHGZLDOJSXI4Q';

    before(async () => {
      owner = await buildOwner(service);
    });

    it('appear nowhere a caller, a consumer or an operator can read', async () => {
      const withPassword = await service.importUser(
        {
          userName: 'secretive',
          profile: { firstName: 'S', lastName: 'C' },
          email: { email: 's@example.com' },
          password,
          otpCode,
          requestPasswordlessRegistration: true,
        },
        { token: owner.token },
      );
      const withHash = await service.importUser(
        {
          userName: 'imported',
          profile: { firstName: 'I', lastName: 'M' },
          email: { email: 'i@example.com' },
          hashedPassword: { value: hashed },
          otpCode,
        },
        { token: owner.token },
      );
      // Refusals must not echo what they refuse, nor must a duplicate or an internal error.
      // One after another, in this order: the third is refused as a duplicate of the first import.
      const refused = [
        { userName: 'weak', first: 'W', last: 'K', fields: { password: 'weak-but-secret' } },
        {
          userName: 'both',
          first: 'B',
          last: 'O',
          fields: { password, hashedPassword: { value: hashed } },
        },
        { userName: 'secretive', first: 'S', last: 'C', fields: { password, otpCode } },
        { userName: 'badotp', first: 'B', last: 'O', fields: { otpCode: `${otpCode}1` } },
      ];
      const refusals = [];
      for (const { userName, first, last, fields } of refused) {
        refusals.push(
          await service.importUser(
            {
              userName,
              profile: { firstName: first, lastName: last },
              email: { email: `${first.toLowerCase()}@example.com` },
              ...fields,
            },
            { token: owner.token },
          ),
        );
      }
      expect(withPassword.status).to.equal(200);
      expect(withHash.status).to.equal(200);
      expect(refusals.map((response) => response.status)).to.deep.equal([400, 400, 409, 400]);

      const link = new URL(withPassword.body.passwordlessRegistration.link);
      const code = link.searchParams.get('code')!;
      const storedHash: { password_hash: string }[] = await service.dataSource.query(
        'SELECT password_hash FROM users WHERE user_name = ?',
        ['secretive'],
      );
      const secrets = [
        password,
        'weak-but-secret',
        hashed,
        hashed.split('$')[3]!,
        storedHash[0]!.password_hash,
        otpCode,
        code,
      ];

      const { passwordlessRegistration, ...rest } = withPassword.body;
      const visible = {
        responses: [rest, withHash.body, ...refusals.map((response) => response.body)],
        link: {
          ...passwordlessRegistration,
          link: `${link.origin}${link.pathname}?codeID=${link.searchParams.get('codeID')}`,
        },
        events: await service.dataSource.getRepository(EventRecord).find(),
        logs: service.logs.text,
      };
      expect(service.logs.lines.length).to.be.greaterThan(5);
      const text = JSON.stringify(visible);
      for (const secret of secrets)
        expect(text, `a secret leaked: ${secret.slice(0, 6)}…`).to.not.contain(secret);
    });

    it('are stored only as hashes or ciphertext', async () => {
      const rows: { password_hash: string; otp: Buffer }[] = await service.dataSource.query(
        'SELECT password_hash, otp_secret_encrypted AS otp FROM users WHERE user_name = ?',
        ['secretive'],
      );
      expect(rows[0]!.password_hash).to.match(/^\$argon2id\$/);
      expect(rows[0]!.password_hash).to.not.contain(password);
      expect(rows[0]!.otp.toString('latin1')).to.not.contain(otpCode);
      const codes: { n: number }[] = await service.dataSource.query(
        'SELECT LENGTH(code_hash) AS n FROM user_codes',
      );
      expect(codes.every((row) => Number(row.n) === 32)).to.equal(true);
    });
  },
  { LOG_LEVEL: 'trace' },
);
