import { ServiceError } from '../../../../shared/errors/service-error.js';

/** The user exists (the token said so) but the worker has not reduced its first event yet. */
export const profileNotFound = (): ServiceError => new ServiceError('PROFILE-NOT-FOUND');
