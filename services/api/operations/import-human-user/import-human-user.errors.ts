import { invalidArgument, ServiceError } from '../../../../shared/errors/service-error.js';

export const userNameTaken = (): ServiceError => new ServiceError('USER-ALREADY-EXISTS');

export const idpLinkTaken = (): ServiceError => new ServiceError('USER-IDP-LINK-ALREADY-EXISTS');

export const idpConfigUnknown = (fields: string[]): ServiceError =>
  new ServiceError(
    'IDP-CONFIG-NOT-FOUND',
    `no identity provider of the organization or of the instance matches ${fields.join(', ')}`,
  );

export const idpLinkRepeated = (field: string, first: string): ServiceError =>
  invalidArgument([
    { field, description: `links the same configId and externalUserId as ${first}` },
  ]);
