import { MACHINE_KEYS } from '../../queries/machine-credential-queries.js';
import { credentialList } from '../machine-credential-lists.js';

/** The machine user's keys, a page of them, in the order they were added. */
export const listMachineKeys = credentialList(MACHINE_KEYS);
