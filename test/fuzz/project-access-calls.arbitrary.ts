import fc from 'fast-check';
import { callsAs } from './calls-as.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import { unique, type ValidCall } from './valid-calls.arbitrary.js';

/** A few role keys, so that adds collide (409) and updates and removals find one or none. */
const roleKey = fc.constantFrom('keeper', 'vet', 'Guide', 'guide', 'rôle-ü', 'a'.repeat(200));
const roleKeys = fc.uniqueArray(roleKey, { maxLength: 4 });
/** Ids of applications and grants: none is stored under them, so these answer not found. */
const unknownId = fc.uuid();
/** Colours as a label policy takes them, and logos: a GIF and a PNG of one pixel, base64. */
const colour = fc.constantFrom('#fff', '#5469d4', '#CD3D56', '#000000');
const logo = fc.constantFrom(
  'R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=',
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
);
const labelPolicy = fc.record(
  {
    primaryColor: colour,
    backgroundColor: colour,
    warningColor: colour,
    fontColor: colour,
    logo,
    hideServiceName: fc.boolean(),
  },
  { requiredKeys: [] },
);

/**
 * The project access operations (roles, applications, project and user grants) on the fixtures'
 * projects and users, as the owner: adds that succeed or collide, and changes and removals of
 * roles that may exist and of applications and grants that do not; and the label policies, the
 * organization's as the owner and the instance default as its owner.
 */
export function projectAccessCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const projectId = fc.constantFrom(...fixtures.projectIds);
  const userId = fc.constantFrom(fixtures.owner.userId, fixtures.member.userId);
  const app = {
    name: fc.constantFrom('Zoo app', ' Ticket shop ', 'Кассa'),
    redirectUris: fc.uniqueArray(
      fc.constantFrom('https://zoo.example/cb', 'http://127.0.0.1:8000/cb'),
      {
        minLength: 1,
      },
    ),
    idTokenRoleAssertion: fc.boolean(),
    accessTokenRoleAssertion: fc.boolean(),
  };
  const as = callsAs(fixtures);
  const instanceOwner = fixtures.instanceOwner.token;
  const role = { projectId, roleKey, displayName: fc.constantFrom('Keeper', ' Vet ', 'Gäste') };
  return fc.oneof(
    // A project's life: new ones, the fixtures' deactivated and reactivated, none removed.
    fc
      .record({ name: unique.map((id) => `Fuzz ${id}`), projectRoleCheck: fc.boolean() })
      .map(as('AddProject')),
    fc.record({ id: projectId }).map(as('DeactivateProject')),
    fc.record({ id: projectId }).map(as('ReactivateProject')),
    fc.record({ id: unknownId }).map(as('RemoveProject')),
    fc.record({ ...role, group: fc.constantFrom('', 'Staff') }).map(as('AddProjectRole')),
    fc.record(role).map(as('UpdateProjectRole')),
    fc.record({ projectId, roleKey }).map(as('RemoveProjectRole')),
    fc.record({ projectId, ...app }).map(as('AddOIDCApplication')),
    fc.record({ projectId, appId: unknownId, ...app }).map(as('UpdateOIDCApplication')),
    fc.record({ projectId, appId: unknownId }).map(as('RemoveOIDCApplication')),
    fc
      .record({ projectId, grantedOrgId: fc.constant(fixtures.otherOrgId), roleKeys })
      .map(as('AddProjectGrant')),
    fc.record({ projectId, grantId: unknownId, roleKeys }).map(as('UpdateProjectGrant')),
    fc.record({ projectId, grantId: unknownId }).map(as('RemoveProjectGrant')),
    fc.record({ userId, projectId, roleKeys }).map(as('AddUserGrant')),
    fc.record({ userId, grantId: unknownId, roleKeys }).map(as('UpdateUserGrant')),
    fc.record({ userId, grantId: unknownId }).map(as('RemoveUserGrant')),
    labelPolicy.map(as('SetLabelPolicy')),
    fc.constant({}).map(as('ResetLabelPolicy')),
    labelPolicy.map(as('SetDefaultLabelPolicy', instanceOwner)),
    fc.constant({}).map(as('ResetDefaultLabelPolicy', instanceOwner)),
  );
}
