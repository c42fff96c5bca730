import type { IdpOwnerType } from '../../../shared/db/entities/idp.entity.js';
import type { ServiceError } from '../../../shared/errors/service-error.js';
import type { Permission } from '../auth/permissions.js';
import { operation, type Operation, type OperationContext } from './operation.js';

/** How each owner's providers are served: its service, its paths, its permissions. */
const SERVED: Record<
  IdpOwnerType,
  { service: string; base: `/${string}`; read: Permission; write: Permission; name: string }
> = {
  org: {
    service: 'identity.management.v1.ManagementService',
    base: '/management/v1/idps',
    read: 'idp.read',
    write: 'idp.write',
    name: '',
  },
  instance: {
    service: 'identity.admin.v1.AdminService',
    base: '/admin/v1/idps',
    read: 'instance.idp.read',
    write: 'instance.idp.write',
    name: 'Admin',
  },
};

/**
 * One operation on identity providers, described for both owners with one handler per owner:
 * the organization's (ManagementService, at /management/v1/idps…, `idp.read` or `idp.write`) and
 * the instance's (AdminService, at /admin/v1/idps…, `instance.idp.read` or `instance.idp.write`).
 * `method` is both services' method, the instance's then named `Admin<Method>` so that one name
 * tells them apart, or each service's own (ZITADEL's v1 DeactivateOrgIDP and DeactivateIDP).
 * `route` is the REST route after `…/idps`.
 */
export function providerOperations<Request, Response>(
  method: string | Record<IdpOwnerType, string>,
  route: `${Operation['http']['method']} /${string}`,
  described: {
    access: 'read' | 'write';
    schema: object;
    handle: (
      owner: IdpOwnerType,
    ) => (context: OperationContext, request: Request) => Promise<Response>;
  },
  errors?: readonly ServiceError[],
): Record<IdpOwnerType, Operation<Request, Response>> {
  const [verb, path] = route.split(' ') as [Operation['http']['method'], string];
  const describe = (owner: IdpOwnerType) => {
    const served = SERVED[owner];
    const named = typeof method === 'string' ? method : method[owner];
    return operation<Request, Response>(
      `${served.service}/${named}`,
      `${verb} ${served.base}${path}`,
      {
        permission: served[described.access],
        schema: described.schema,
        handle: described.handle(owner),
      },
      errors,
      typeof method === 'string' ? `${served.name}${method}` : named,
    );
  };
  return { org: describe('org'), instance: describe('instance') };
}
