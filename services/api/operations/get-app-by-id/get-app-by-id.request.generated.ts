/*
 * Generated from schemas/requests/get-app-by-id.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * GET /management/v1/projects/{projectId}/apps/{appId} (identity.management.v1.GetAppByIDRequest): the project and the application from the path.
 */
export interface GetAppByIDRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The application, from the path; one of another project is not found.
   */
  appId: string;
}
