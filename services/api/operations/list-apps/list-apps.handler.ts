import { listApps as listAppsQuery } from '../../queries/project-app-queries.js';
import { readOfProject } from '../project-part-reads.js';
import type { ListAppsRequest, ListAppsResponse } from './list-apps.request.js';

/**
 * The applications of a project of the target organization that meet the request's queries, a page
 * of them, from the tables the application operations write (no read model: current at once),
 * never a secret; a project of another organization is not found.
 */
export const listApps = readOfProject<ListAppsRequest, ListAppsResponse>(listAppsQuery);
