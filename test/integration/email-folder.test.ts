import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { UserCode } from '../../shared/db/entities/index.js';
import { buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

describeOnEachDatabase(
  'emails without an SMTP server: .eml files in EMAIL_DIR',
  function (service) {
    this.timeout(60_000);

    before(async () => {
      expect(service.config.worker.smtpUrl).to.equal(undefined);
      await service.startRelay();
      await service.startWorker();
    });

    const filesTo = (address: string, count: number) => service.emailsTo(address, count);

    it('writes one complete message for a user who is due one, whose link carries the stored code', async () => {
      const owner = await buildOwner(service);
      const response = await service.importUser(
        {
          userName: 'folder-due',
          profile: { firstName: 'Eml', lastName: 'File' },
          email: { email: 'folder-due@example.com' },
        },
        { token: owner.token },
      );
      const [message] = await filesTo('folder-due@example.com', 1);
      expect(message, 'an .eml file').to.be.a('string');
      expect(message).to.match(/^Message-ID: <init-[0-9a-f-]+@id\.test>$/m);
      expect(message).to.match(/^Content-Type: multipart\/alternative/m);
      const text = message!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const code = /init\?userID=[0-9a-f-]+&code=([\w-]+)/.exec(text)?.[1];
      const [stored] = await service.dataSource
        .getRepository(UserCode)
        .findBy({ userId: response.body.userId });
      expect(stored!.codeHash.equals(createHash('sha256').update(code!).digest())).to.equal(true);

      await service.importUser(
        {
          userName: 'folder-not-due',
          profile: { firstName: 'No', lastName: 'Mail' },
          email: { email: 'folder-not-due@example.com', isEmailVerified: true },
          password: 'Sup3r-secret!',
        },
        { token: owner.token },
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await filesTo('folder-not-due@example.com', 0)).to.deep.equal([]);
      expect(await filesTo('folder-due@example.com', 1)).to.have.length(1);
    });
  },
);
