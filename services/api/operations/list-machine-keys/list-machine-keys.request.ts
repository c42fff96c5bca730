import type { ListDetails } from '../../queries/list-query.js';
import type { KeyView } from '../../queries/machine-credential-queries.js';

export type { ListMachineKeysRequest } from './list-machine-keys.request.generated.js';

/** A page of the machine user's keys, how many it has, how far the table was read. */
export interface ListMachineKeysResponse {
  details: ListDetails;
  result: KeyView[];
}
