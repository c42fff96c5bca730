import { listProjectRoles as listProjectRolesQuery } from '../../queries/project-role-queries.js';
import { readOfProject } from '../project-part-reads.js';
import type {
  ListProjectRolesRequest,
  ListProjectRolesResponse,
} from './list-project-roles.request.js';

/**
 * The roles of a project of the target organization that meet the request's queries, a page of
 * them, from the table the role operations write (no read model: current at once); a project of
 * another organization is not found.
 */
export const listProjectRoles = readOfProject<ListProjectRolesRequest, ListProjectRolesResponse>(
  listProjectRolesQuery,
);
