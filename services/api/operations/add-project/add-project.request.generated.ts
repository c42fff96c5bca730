/*
 * Generated from schemas/requests/add-project.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/projects (identity.management.v1.AddProjectRequest): a new project of the target organization, with its settings.
 */
export interface AddProjectRequest {
  /**
   * The project’s name: trimmed, and unique in the organization without regard to case.
   */
  name: string;
  /**
   * Assert the user’s roles of the project in tokens; false when omitted.
   */
  projectRoleAssertion?: boolean;
  /**
   * Only users with a role of the project may log in to it; false when omitted.
   */
  projectRoleCheck?: boolean;
  /**
   * Only users of organizations the project is granted to may log in to it; false when omitted.
   */
  hasProjectCheck?: boolean;
  /**
   * Whose branding the login shows; PRIVATE_LABELING_SETTING_UNSPECIFIED when omitted.
   */
  privateLabelingSetting?:
    | 'PRIVATE_LABELING_SETTING_UNSPECIFIED'
    | 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY'
    | 'PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY';
}
