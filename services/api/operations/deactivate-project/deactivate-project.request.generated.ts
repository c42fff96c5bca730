/*
 * Generated from schemas/requests/deactivate-project.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/projects/{id}/_deactivate (identity.management.v1.DeactivateProjectRequest): the project from the path; its applications refuse sign-in until it is reactivated.
 */
export interface DeactivateProjectRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  id: string;
}
