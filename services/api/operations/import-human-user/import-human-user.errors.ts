import {
  invalidArgument,
  ServiceError,
  StatusCode,
} from '../../../../shared/errors/service-error.js';

export const userNameTaken = (): ServiceError =>
  new ServiceError(
    StatusCode.ALREADY_EXISTS,
    'USER-ALREADY-EXISTS',
    'a user with this userName already exists',
  );

export const idpLinkTaken = (): ServiceError =>
  new ServiceError(
    StatusCode.ALREADY_EXISTS,
    'USER-IDP-LINK-ALREADY-EXISTS',
    'an identity provider link with this configId and externalUserId already exists',
  );

export const idpConfigUnknown = (fields: string[]): ServiceError =>
  new ServiceError(
    StatusCode.FAILED_PRECONDITION,
    'IDP-CONFIG-NOT-FOUND',
    `no identity provider of the organization matches ${fields.join(', ')}`,
  );

export const idpLinkRepeated = (field: string, first: string): ServiceError =>
  invalidArgument([
    { field, description: `links the same configId and externalUserId as ${first}` },
  ]);
