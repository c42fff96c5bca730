import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createIdpConfig } from '../../services/api/admin/organizations.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { undoMigrationsThrough } from '../support/migrations.js';
import { buildOrg, buildUser } from '../support/factories.js';

/**
 * IdentityProviders (and IdpConfigVersions after it) on a database with a provider `identityctl
 * idp create` made before it (a name and an id) and a link to it: undone, the row of before
 * added, done again. The row keeps its id
 * and link and gets the defaults of what was made then (unconfigured, active, the organization's,
 * PKCE on, every option off, no client, no events), its change date its creation's; the tables of login
 * policies are there, empty; `identityctl idp create` still makes such a row.
 */
describeOnEachDatabase(
  'The identity providers migration, over a provider made before',
  (service) => {
    it('keeps the provider and its link and gives it the defaults of an unconfigured one', async () => {
      const { orgId } = await buildOrg(service);
      const { userId } = await buildUser(service, { orgId });
      const { dataSource } = service;
      await undoMigrationsThrough(dataSource, 'IdentityProviders1764100000000');
      const idpId = randomUUID();
      await dataSource.query(
        `INSERT INTO idp_configs (id, org_id, name, created_at)
       VALUES (?, ?, 'Corporate SSO', '2026-01-02 03:04:05.678')`,
        [idpId, orgId],
      );
      await dataSource.query(
        `INSERT INTO user_idp_links (config_id, external_user_id, user_id, display_name, created_at)
       VALUES (?, 'sub-1', ?, 'una@corp', '2026-01-02 03:04:05.678')`,
        [idpId, userId],
      );
      await dataSource.runMigrations({ transaction: 'each' });

      const [row] = (await dataSource.query(
        `SELECT name, org_id, owner_type, type, state, issuer, client_id, client_secret_sealed,
              scopes, is_id_token_mapping, use_pkce, authorization_endpoint, token_endpoint,
              user_endpoint, id_attribute, is_linking_allowed, is_creation_allowed,
              is_auto_creation, is_auto_update, auto_linking, sign_out_at_provider, version, sequence,
              created_at, change_date
         FROM idp_configs WHERE id = ?`,
        [idpId],
      )) as Record<string, unknown>[];
      expect(row, 'the provider of before').to.not.equal(undefined);
      const flags = [
        'is_id_token_mapping',
        'use_pkce',
        'is_linking_allowed',
        'is_creation_allowed',
        'is_auto_creation',
        'is_auto_update',
        'sign_out_at_provider',
      ];
      expect(Object.fromEntries(flags.map((flag) => [flag, Number(row![flag])]))).to.deep.equal({
        is_id_token_mapping: 0,
        use_pkce: 1,
        is_linking_allowed: 0,
        is_creation_allowed: 0,
        is_auto_creation: 0,
        is_auto_update: 0,
        sign_out_at_provider: 0,
      });
      expect({
        name: row!.name,
        orgId: row!.org_id,
        ownerType: row!.owner_type,
        type: row!.type,
        state: row!.state,
        autoLinking: row!.auto_linking,
        sequence: String(row!.sequence),
      }).to.deep.equal({
        name: 'Corporate SSO',
        orgId,
        ownerType: 'org',
        type: 'unconfigured',
        state: 'active',
        autoLinking: 'none',
        sequence: '0',
      });
      for (const empty of [
        'issuer',
        'client_id',
        'client_secret_sealed',
        'scopes',
        'authorization_endpoint',
        'token_endpoint',
        'user_endpoint',
        'id_attribute',
      ])
        expect(row![empty], empty).to.equal(null);
      expect(new Date(String(row!.change_date)).getTime()).to.equal(
        new Date(String(row!.created_at)).getTime(),
      );
      expect(
        await service.count('user_idp_links', 'config_id = ? AND user_id = ?', [idpId, userId]),
      ).to.equal(1);
      expect(await service.count('login_policies')).to.equal(0);
      expect(await service.count('login_policy_idps')).to.equal(0);

      // What `identityctl idp create` makes after it: the same defaults.
      const made = await createIdpConfig(dataSource, orgId, 'Made after');
      expect(
        await service.count(
          'idp_configs',
          `id = ? AND type = 'unconfigured' AND state = 'active' AND owner_type = 'org'
           AND use_pkce = 1 AND version = 0 AND sequence = 0 AND change_date IS NOT NULL`,
          [made.idpId],
        ),
      ).to.equal(1);
    });
  },
);
