import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { UserCode } from '../../shared/db/entities/index.js';
import { pollUntil } from '../support/poll.js';
import { buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

describeOnEachDatabase(
  'emails without an SMTP server: .eml files in EMAIL_DIR',
  function (service) {
    this.timeout(60_000);
    let dir: string;

    before(async () => {
      expect(service.config.worker.smtpUrl).to.equal(undefined);
      dir = service.config.worker.emailDir;
      await service.startRelay();
      await service.startWorker();
    });

    /** The files whose message is addressed to `address`, once there are `count` of them. */
    async function filesTo(address: string, count: number): Promise<string[]> {
      const mine = async () => {
        const names = await readdir(dir).catch(() => [] as string[]);
        const contents = await Promise.all(
          names
            .filter((name) => name.endsWith('.eml'))
            .map((name) => readFile(join(dir, name), 'utf8')),
        );
        return contents.filter((content) => content.includes(`<${address}>`));
      };
      return pollUntil(mine, (found) => found.length >= count);
    }

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
