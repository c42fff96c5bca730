import { LIST_RESPONSE, MAX_RESULTS, USER_SCHEMA } from './scim-users.js';

/**
 * What this provider supports, as RFC 7643 §5-7 describe it: exactly what is built. Bulk and
 * password change are not yet; filtering is, over the attributes scim-filter.ts translates, and
 * sorting, by the attributes ListUsers sorts by.
 */
export function serviceProviderConfig(base: string): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
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
    // RFC 7643 §8.7.1's own words (Microsoft's reference collection checks for them).
    description: 'User Account',
    attributes: [
      text('id', {
        mutability: 'readOnly',
        returned: 'always',
        caseExact: true,
        uniqueness: 'server',
      }),
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
      {
        ...multiValued('emails'),
        required: true,
        subAttributes: [
          ...multiValued('emails').subAttributes,
          text('type', { canonicalValues: ['work'], mutability: 'readOnly' }),
        ],
      },
      multiValued('phoneNumbers'),
    ],
    meta: metaOf('Schema', `${base}/Schemas/${USER_SCHEMA}`),
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
