import { ServiceError } from '../../../../shared/errors/service-error.js';

export const projectNotFound = (): ServiceError => new ServiceError('PROJECT-NOT-FOUND');

export const projectNameTaken = (): ServiceError => new ServiceError('PROJECT-NAME-ALREADY-EXISTS');
