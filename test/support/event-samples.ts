import type { EventPayloads, EventType } from '../../shared/events/event-types.js';

/**
 * One realistic payload per event type. Typed against EventPayloads, so the compiler fails when a
 * type is added or a payload changes without this catalogue (the import is type-only: nothing of
 * it exists at run time, the runtime list is the keys of this object).
 */
export const EVENT_SAMPLES: { [T in EventType]: EventPayloads[T] } = {
  'user.human.added': {
    userName: 'gigi.giraffe',
    profile: {
      firstName: 'Gigi',
      lastName: 'Giraffe',
      nickName: null,
      displayName: 'Gigi Giraffe',
      preferredLanguage: 'de-CH',
      gender: 'GENDER_FEMALE',
    },
    email: 'gigi@example.com',
    phone: '+41791234567',
    initializationRequired: true,
  },
  'user.human.email.verified': { email: 'gigi@example.com' },
  'user.human.phone.verified': { phone: '+41791234567' },
  'user.human.password.set': { changeRequired: false, imported: true },
  'user.human.otp.added': {},
  'user.idp.link.added': {
    configId: '2f6d8a9e-1c1b-4b5e-9a57-3c3c1d7f0a11',
    externalUserId: '104857600123',
    displayName: null,
  },
  'user.human.passwordless.code.added': {
    codeId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f00',
    expiration: '2025-11-04T09:30:00.000Z',
  },
  'user.human.init.code.added': {
    codeId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f01',
    expiration: '2025-11-07T08:30:00.000Z',
  },
  'user.human.profile.changed': {
    firstName: 'Gigi',
    lastName: 'Long-Neck',
    nickName: 'gg',
    displayName: 'Gigi Long-Neck',
    preferredLanguage: null,
    gender: 'GENDER_UNSPECIFIED',
  },
  'user.human.password.changed': { changeRequired: false, by: 'activation' },
  'user.human.password.hash.upgraded': { from: 'bcrypt' },
  'user.human.signin.succeeded': { clientId: 'web', methods: ['password', 'totp'] },
  'user.human.signin.failed': { clientId: null, reason: 'wrong-password' },
  'user.human.locked': { until: '2025-11-03T09:45:00.000Z' },
  'user.human.init.code.verified': { codeId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f01' },
  'user.human.init.code.requested': { by: 'user' },
  'user.human.passkey.added': {
    passkeyId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f02',
    name: 'Laptop',
    via: 'registration-link',
    codeId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f00',
  },
  'user.human.passkey.renamed': {
    passkeyId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f02',
    name: 'Work laptop',
  },
  'user.human.passkey.removed': { passkeyId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f02' },
  'user.human.passwordless.code.requested': { by: 'user' },
  'user.grant.added': {
    grantId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f10',
    projectId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f11',
    projectGrantId: null,
    roleKeys: ['keeper', 'vet'],
  },
  'user.grant.changed': {
    grantId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f10',
    projectId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f11',
    projectGrantId: null,
    roleKeys: ['keeper'],
  },
  'user.grant.removed': {
    grantId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f10',
    projectId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f11',
  },
  'project.added': {
    name: 'Zoo portal',
    projectRoleAssertion: false,
    projectRoleCheck: false,
    hasProjectCheck: false,
    privateLabelingSetting: 'PRIVATE_LABELING_SETTING_UNSPECIFIED',
  },
  'project.changed': {
    name: 'Zoo portal',
    projectRoleAssertion: true,
    projectRoleCheck: true,
    hasProjectCheck: false,
    privateLabelingSetting: 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
  },
  'project.role.added': { key: 'keeper', displayName: 'Keeper', group: 'Staff' },
  'project.role.changed': { key: 'keeper', displayName: 'Zoo keeper', group: '' },
  'project.role.removed': { key: 'keeper' },
  'project.application.added': {
    appId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f12',
    clientId: 'c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6',
    name: 'Zoo app',
    redirectUris: ['https://zoo.example/callback'],
    postLogoutRedirectUris: [],
    authMethodType: 'OIDC_AUTH_METHOD_TYPE_BASIC',
    idTokenRoleAssertion: false,
    accessTokenRoleAssertion: true,
  },
  'project.application.changed': {
    appId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f12',
    clientId: 'c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6',
    name: 'Zoo app',
    redirectUris: ['https://zoo.example/callback', 'https://zoo.example/other'],
    postLogoutRedirectUris: ['https://zoo.example/'],
    authMethodType: 'OIDC_AUTH_METHOD_TYPE_BASIC',
    idTokenRoleAssertion: true,
    accessTokenRoleAssertion: true,
  },
  'project.application.removed': {
    appId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f12',
    clientId: 'c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6',
  },
  'project.grant.added': {
    grantId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f13',
    grantedOrgId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f14',
    roleKeys: ['keeper', 'vet'],
  },
  'project.grant.changed': {
    grantId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f13',
    grantedOrgId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f14',
    roleKeys: ['keeper'],
  },
  'project.grant.removed': {
    grantId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f13',
    grantedOrgId: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f14',
  },
};
