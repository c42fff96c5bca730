/*
 * Generated from schemas/requests/add-project-role.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/projects/{projectId}/roles (identity.management.v1.AddProjectRoleRequest): projectId from the path, the role from the body.
 */
export interface AddProjectRoleRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The role’s key: 1 to 200 characters without white space, unique within the project, kept exactly as given.
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
