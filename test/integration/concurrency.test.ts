import { expect } from 'chai';
import { buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

describeOnEachDatabase('concurrent imports of one userName', (service) => {
  let owner: { orgId: string; token: string };

  before(async () => {
    owner = await buildOwner(service);
  });

  it('lets exactly one of 50 succeed; the rest get ALREADY_EXISTS and leave nothing behind', async () => {
    const eventsBefore = await service.count('events');
    const spellings = ['Racer', 'racer', 'RACER', ' Racer ', 'rAcEr'];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        service.importUser(
          {
            userName: spellings[index % spellings.length],
            profile: { firstName: 'Race', lastName: `Condition ${index}` },
            email: { email: `racer${index}@example.com` },
            password: 'Sup3r-secret!',
          },
          { token: owner.token },
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).to.have.length(
      1,
      `statuses: ${statuses.join(',')}`,
    );
    const refused = responses.filter((response) => response.status !== 200);
    expect(refused).to.have.length(49);
    for (const response of refused) {
      expect(response.status).to.equal(409);
      expect(response.body.code).to.equal(6);
      expect(response.body.details.at(-1).id).to.equal('USER-ALREADY-EXISTS');
    }
    const winner = responses.find((response) => response.status === 200)!.body.userId;
    expect(await service.count('users', 'user_name_lower = ?', ['racer'])).to.equal(1);
    const rows: { id: string }[] = await service.dataSource.query(
      'SELECT id FROM users WHERE user_name_lower = ?',
      ['racer'],
    );
    expect(rows[0]!.id).to.equal(winner);
    // One set of events: the winner's two (added, password.set), none from the 49.
    expect((await service.count('events')) - eventsBefore).to.equal(2);
    expect((await service.events(winner)).map((event) => event.type)).to.deep.equal([
      'user.human.added',
      'user.human.password.set',
    ]);
  });
});
