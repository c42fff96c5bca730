/*
 * Generated from schemas/requests/remove-project-grant.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/projects/{projectId}/grants/{grantId} (identity.management.v1.RemoveProjectGrantRequest): the project and the grant from the path.
 */
export interface RemoveProjectGrantRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The project grant, from the path.
   */
  grantId: string;
}
