import { PERSONAL_ACCESS_TOKENS } from '../../queries/machine-credential-queries.js';
import { credentialList } from '../machine-credential-lists.js';

/** The machine user's personal access tokens, a page of them, in the order they were added. */
export const listPersonalAccessTokens = credentialList(PERSONAL_ACCESS_TOKENS);
