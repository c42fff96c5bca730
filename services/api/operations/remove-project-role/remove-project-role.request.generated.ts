/*
 * Generated from schemas/requests/remove-project-role.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /management/v1/projects/{projectId}/roles/{roleKey} (identity.management.v1.RemoveProjectRoleRequest): the project and the key from the path.
 */
export interface RemoveProjectRoleRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The role’s key, from the path.
   */
  roleKey: string;
}
