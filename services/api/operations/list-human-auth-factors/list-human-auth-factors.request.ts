import type { AuthFactorView } from '../../queries/user-account-queries.js';

export type { ListHumanAuthFactorsRequest } from './list-human-auth-factors.request.generated.js';

export interface ListHumanAuthFactorsResponse {
  result: AuthFactorView[];
}
