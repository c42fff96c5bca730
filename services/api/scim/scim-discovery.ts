import { ENTERPRISE_SCHEMA } from './scim-attributes.js';
import { MAX_OPERATIONS, MAX_PAYLOAD_SIZE } from './scim-bulk-requests.js';
import { GROUP_SCHEMA } from './scim-groups.js';
import { LIST_RESPONSE, MAX_RESULTS, USER_SCHEMA } from './scim-users.js';

/**
 * What this provider supports, as RFC 7643 §5-7 describe it: exactly what is built. Password
 * change is not yet; bulk is, up to its limits; filtering is, over the attributes scim-filter.ts
 * translates, and sorting, by the attributes ListUsers sorts by.
 */
export function serviceProviderConfig(base: string): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: true, maxOperations: MAX_OPERATIONS, maxPayloadSize: MAX_PAYLOAD_SIZE },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: true },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          "A machine user's personal access token or client credentials token, or a person's access token, in Authorization: Bearer.",
        primary: true,
      },
    ],
    meta: metaOf('ServiceProviderConfig', `${base}/ServiceProviderConfig`),
  };
}

export function userResourceType(base: string): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: "The organization's people (human users); machine users are not SCIM resources.",
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
    meta: metaOf('ResourceType', `${base}/ResourceTypes/User`),
  };
}

/**
 * A Group is a role of the endpoint's project (`/scim/v2/{orgId}/projects/{projectId}/`); the
 * organization's own endpoint has no Groups.
 */
export function groupResourceType(base: string): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description:
      "The project's roles; a member is a person holding the role through a user grant on the project.",
    schema: GROUP_SCHEMA,
    schemaExtensions: [],
    meta: metaOf('ResourceType', `${base}/ResourceTypes/Group`),
  };
}

const text = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

/** Every resource's `id`: the service's, never changed. */
const ID = text('id', {
  mutability: 'readOnly',
  returned: 'always',
  caseExact: true,
  uniqueness: 'server',
});

/**
 * A multi-valued complex attribute (RFC 7643 §2.4): its entries' sub-attributes, `type` with its
 * canonical values, `primary` a boolean.
 */
const multiValued = (name: string, types: string[], values: string[] = ['value', 'display']) => ({
  name,
  type: 'complex',
  multiValued: true,
  required: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  subAttributes: [
    ...values.map((value) => text(value)),
    text('type', { canonicalValues: types }),
    { ...text('primary'), type: 'boolean' },
  ],
});

/**
 * The User schema's attributes this provider keeps, each as it treats it: the profile's, the
 * user name's, the email's and phone's columns, and the rest as the user's `scim.` metadata
 * (scim-attributes.ts). Others sent are ignored.
 */
export function userSchema(base: string): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: USER_SCHEMA,
    name: 'User',
    // RFC 7643 §8.7.1's own words (Microsoft's reference collection checks for them).
    description: 'User Account',
    attributes: [
      ID,
      // Kept exactly as given, unique in the organization (the endpoint's); UpdateUserExternalId.
      text('externalId', { caseExact: true, uniqueness: 'server' }),
      // Unique across the instance without regard to case; trimmed.
      text('userName', { required: true, uniqueness: 'server' }),
      {
        ...text('name'),
        type: 'complex',
        subAttributes: [
          text('formatted'),
          text('familyName', { required: true }),
          text('givenName', { required: true }),
          text('middleName'),
          text('honorificPrefix'),
          text('honorificSuffix'),
        ],
      },
      text('displayName'),
      text('nickName'),
      { ...text('profileUrl'), type: 'reference', referenceTypes: ['external'] },
      text('title'),
      text('userType'),
      text('preferredLanguage'),
      text('locale'),
      text('timezone'),
      { ...text('active'), type: 'boolean' },
      text('password', { mutability: 'writeOnly', returned: 'never' }),
      { ...multiValued('emails', ['work', 'home', 'other']), required: true },
      multiValued('phoneNumbers', ['work', 'home', 'mobile', 'fax', 'pager', 'other']),
      multiValued(
        'addresses',
        ['work', 'home', 'other'],
        ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country'],
      ),
    ],
    meta: metaOf('Schema', `${base}/Schemas/${USER_SCHEMA}`),
  };
}

/**
 * The enterprise User extension (RFC 7643 §4.3), kept whole as the user's `scim.enterprise.`
 * metadata. The manager's `displayName` is kept as the directory sends it (RFC 7643 has it
 * read-only, filled by the provider; here it is the directory's).
 */
export function enterpriseUserSchema(base: string): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: [
      text('employeeNumber'),
      text('costCenter'),
      text('organization'),
      text('division'),
      text('department'),
      {
        ...text('manager'),
        type: 'complex',
        subAttributes: [
          text('value'),
          { ...text('$ref'), type: 'reference', referenceTypes: ['User'] },
          text('displayName'),
        ],
      },
    ],
    meta: metaOf('Schema', `${base}/Schemas/${ENTERPRISE_SCHEMA}`),
  };
}

/** Every schema this provider answers, by its URN. */
export const SCHEMAS: Record<string, (base: string) => Record<string, unknown>> = {
  [USER_SCHEMA]: userSchema,
  [ENTERPRISE_SCHEMA]: enterpriseUserSchema,
};

/** The Group schema's attributes: displayName (the role's), members (its holders). */
export function groupSchema(base: string): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: GROUP_SCHEMA,
    name: 'Group',
    description: "A role of the endpoint's project",
    attributes: [
      ID,
      text('displayName', { required: true }),
      {
        ...text('members'),
        type: 'complex',
        multiValued: true,
        subAttributes: [
          text('value', { mutability: 'immutable', caseExact: true }),
          {
            ...text('$ref', { mutability: 'immutable' }),
            type: 'reference',
            referenceTypes: ['User'],
          },
          text('display', { mutability: 'readOnly' }),
          text('type', { mutability: 'immutable', canonicalValues: ['User'] }),
        ],
      },
    ],
    meta: metaOf('Schema', `${base}/Schemas/${GROUP_SCHEMA}`),
  };
}

/** A ListResponse of all of `resources` (the discovery endpoints answer them in one page). */
export function listOf(resources: unknown[]): Record<string, unknown> {
  return {
    schemas: [LIST_RESPONSE],
    totalResults: resources.length,
    itemsPerPage: resources.length,
    startIndex: 1,
    Resources: resources,
  };
}

function metaOf(resourceType: string, location: string) {
  return { resourceType, location };
}
