import { ServiceError } from '../../../../shared/errors/service-error.js';

export const projectNotFound = (): ServiceError =>
  new ServiceError('PROJECT-NOT-FOUND', 'project not found');

export const projectNameTaken = (): ServiceError =>
  new ServiceError(
    'PROJECT-NAME-ALREADY-EXISTS',
    'a project with this name already exists in the organization',
  );
