import { IdpConfig } from '../../shared/db/entities/entity-classes.js';
import type { IdpOwnerType, IdpType } from '../../shared/db/entities/idp.entity.js';
import { newId } from '../../shared/ids.js';
import type { TestService } from './test-service.js';

/**
 * An identity provider configuration as the provider operations store one, for the login
 * policies to offer: of the organization `orgId` (for an instance provider, the organization of
 * the administrator who added it), of the kind, owner and state given.
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
  const id = newId();
  await service.dataSource.getRepository(IdpConfig).insert({
    id,
    orgId: fields.orgId,
    name: fields.name ?? `Provider ${id.slice(-6)}`,
    createdAt: new Date(),
    ownerType: fields.ownerType ?? 'org',
    type: fields.type ?? 'oidc',
    state: fields.state ?? 'active',
  });
  return id;
}
