/*
 * Generated from schemas/requests/get-project-by-id.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/projects/{id} (identity.management.v1.GetProjectByIDRequest): the project from the path.
 */
export interface GetProjectByIDRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  id: string;
}
