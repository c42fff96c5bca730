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
 * the instance's (AdminService, at /admin/v1/idps…, `instance.idp.read` or `instance.idp.write`,
 * named `Admin<Method>` where one name must tell them apart). `route` is the REST route after
 * `…/idps`.
 */
export function providerOperations<Request, Response>(
  method: string,
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
    return operation<Request, Response>(
      `${served.service}/${method}`,
      `${verb} ${served.base}${path}`,
      {
        permission: served[described.access],
        schema: described.schema,
        handle: described.handle(owner),
      },
      errors,
      `${served.name}${method}`,
    );
  };
  return { org: describe('org'), instance: describe('instance') };
}
