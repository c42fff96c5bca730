import { listProjectGrants as listProjectGrantsQuery } from '../../queries/project-grant-queries.js';
import { readOfProject } from '../project-part-reads.js';
import type {
  ListProjectGrantsRequest,
  ListProjectGrantsResponse,
} from './list-project-grants.request.js';

/**
 * The grants of a project of the target organization that meet the request's queries, a page of
 * them, from the table the grant operations write (no read model: current at once); a project of
 * another organization is not found.
 */
export const listProjectGrants = readOfProject<ListProjectGrantsRequest, ListProjectGrantsResponse>(
  listProjectGrantsQuery,
);
