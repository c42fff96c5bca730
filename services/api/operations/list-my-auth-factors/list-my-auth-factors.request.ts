import type { AuthFactorView } from '../../queries/user-account-queries.js';

export type { ListMyAuthFactorsRequest } from './list-my-auth-factors.request.generated.js';

export interface ListMyAuthFactorsResponse {
  result: AuthFactorView[];
}
