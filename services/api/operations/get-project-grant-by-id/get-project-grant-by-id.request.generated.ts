/*
 * Generated from schemas/requests/get-project-grant-by-id.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/projects/{projectId}/grants/{grantId} (identity.management.v1.GetProjectGrantByIDRequest): the project and the grant from the path.
 */
export interface GetProjectGrantByIDRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The grant, from the path; one of another project is not found.
   */
  grantId: string;
}
