/*
 * Generated from schemas/requests/reactivate-project.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/projects/{id}/_reactivate (identity.management.v1.ReactivateProjectRequest): the deactivated project from the path; its applications take sign-ins again.
 */
export interface ReactivateProjectRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  id: string;
}
