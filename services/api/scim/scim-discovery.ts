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
    schemaExtensions: [],
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

const multiValued = (name: string) => ({
  name,
  type: 'complex',
  multiValued: true,
  required: false,
  mutability: 'readWrite',
  returned: 'default',
  subAttributes: [text('value'), { ...text('primary'), type: 'boolean' }],
});

/** The User schema's attributes this provider keeps; others sent are ignored. */
export function userSchema(base: string): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: USER_SCHEMA,
    name: 'User',
    description: 'User account',
    attributes: [
      ID,
      text('externalId', { caseExact: true, mutability: 'immutable' }),
      text('userName', { required: true, uniqueness: 'server' }),
      {
        ...text('name'),
        type: 'complex',
        subAttributes: [
          text('givenName', { required: true }),
          text('familyName', { required: true }),
          text('formatted', { mutability: 'readOnly' }),
        ],
      },
      text('displayName'),
      text('nickName'),
      text('preferredLanguage'),
      { ...text('active'), type: 'boolean' },
      text('password', { mutability: 'writeOnly', returned: 'never' }),
      { ...multiValued('emails'), required: true },
      multiValued('phoneNumbers'),
    ],
    meta: metaOf('Schema', `${base}/Schemas/${USER_SCHEMA}`),
  };
}

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
