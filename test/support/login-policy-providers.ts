import { createIdpConfig } from '../../services/api/admin/organizations.js';
import type { IdpOwnerType, IdpType } from '../../shared/db/entities/idp.entity.js';
import type { TestService } from './test-service.js';

/**
 * An identity provider configuration for the login policies to offer: made as `identityctl idp
 * create` makes one (createIdpConfig writes every column), then of the kind, owner and state
 * given: of the organization `orgId` (for an instance provider, the organization of the
 * administrator who added it).
 */
export async function buildProvider(
  service: TestService,
  fields: {
    orgId: string;
    ownerType?: IdpOwnerType;
    type?: IdpType;
    state?: string;
    name?: string;
  },
): Promise<string> {
  const { idpId } = await createIdpConfig(service.dataSource, fields.orgId, fields.name ?? 'IdP');
  await service.dataSource.query(
    'UPDATE idp_configs SET owner_type = ?, type = ?, state = ? WHERE id = ?',
    [fields.ownerType ?? 'org', fields.type ?? 'oidc', fields.state ?? 'active', idpId],
  );
  return idpId;
}
