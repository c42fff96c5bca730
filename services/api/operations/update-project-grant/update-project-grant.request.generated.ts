/*
 * Generated from schemas/requests/update-project-grant.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/projects/{projectId}/grants/{grantId} (identity.management.v1.UpdateProjectGrantRequest): the project and the grant from the path; replaces the grant’s roles.
 */
export interface UpdateProjectGrantRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The project grant, from the path.
   */
  grantId: string;
  /**
   * Keys of roles of the project that the organization may give its users, each at most once.
   *
   * @maxItems 100
   */
  roleKeys?: string[];
}
