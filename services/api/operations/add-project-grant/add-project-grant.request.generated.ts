/*
 * Generated from schemas/requests/add-project-grant.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/projects/{projectId}/grants (identity.management.v1.AddProjectGrantRequest): projectId from the path, the organization and roles from the body.
 */
export interface AddProjectGrantRequest {
  /**
   * The project, from the path; a project of another organization is not found.
   */
  projectId: string;
  /**
   * The organization to share the project with: another than the project’s.
   */
  grantedOrgId: string;
  /**
   * Keys of roles of the project that the organization may give its users, each at most once.
   *
   * @maxItems 100
   */
  roleKeys?: string[];
}
