/*
 * Generated from schemas/requests/update-project-role.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/projects/{projectId}/roles/{roleKey} (identity.management.v1.UpdateProjectRoleRequest): the project and the key from the path; replaces the role’s name and group.
 */
export interface UpdateProjectRoleRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The role’s key, from the path.
   */
  roleKey: string;
  /**
   * The role’s name for people: trimmed, 1 to 200 characters.
   */
  displayName: string;
  /**
   * A group the role is shown in: trimmed, at most 200 characters; none when omitted.
   */
  group?: string;
}
