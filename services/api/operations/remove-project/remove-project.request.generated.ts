/*
 * Generated from schemas/requests/remove-project.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/projects/{id} (identity.management.v1.RemoveProjectRequest): the project from the path, with its applications, roles, project grants and user grants.
 */
export interface RemoveProjectRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  id: string;
}
