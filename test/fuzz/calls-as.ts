import { operations } from '../../services/api/operations/operations.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import type { ValidCall } from './valid-calls.arbitrary.js';

/** The valid calls of `method` with a message made, as `token` (the organization owner's). */
export const callsAs =
  (fixtures: FuzzFixtures) =>
  (method: string, token = fixtures.owner.token) =>
  (message: Record<string, unknown>): ValidCall => ({
    operation: operations.find((operation) => operation.name === method)!,
    message,
    token,
  });
