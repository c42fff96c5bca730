import { expect } from 'chai';
import { accessOf, type AccessRow } from '../../services/api/accounts/project-access.js';

const row = (changes: Partial<AccessRow>): AccessRow => ({
  project_org_id: 'org-a',
  project_state: 'active',
  project_role_check: 0,
  has_project_check: 0,
  project_role_assertion: 0,
  user_org_id: 'org-a',
  user_org_name: 'Zoo Ltd',
  granted: 0,
  role_keys: null,
  ...changes,
});

describe('a project’s checks at sign-in (accessOf)', () => {
  it('lets anyone in while both checks are off', () => {
    expect(accessOf('p', row({ user_org_id: 'org-b' })).refusal).to.equal(undefined);
  });

  it('hasProjectCheck: the owning organization, or one granted the project', () => {
    const checked = { has_project_check: 1 };
    expect(accessOf('p', row(checked)).refusal).to.equal(undefined);
    expect(accessOf('p', row({ ...checked, user_org_id: 'org-b' })).refusal).to.equal(
      'project-not-granted',
    );
    expect(accessOf('p', row({ ...checked, user_org_id: 'org-b', granted: '1' })).refusal).to.equal(
      undefined,
    );
  });

  it('an inactive project refuses everyone, its owners and role holders too', () => {
    const inactive = { project_state: 'inactive', role_keys: '["keeper"]' };
    expect(accessOf('p', row(inactive)).refusal).to.equal('project-inactive');
    expect(accessOf('p', row({ ...inactive, project_role_check: 1 })).refusal).to.equal(
      'project-inactive',
    );
  });

  it('projectRoleCheck: a user grant with at least one role', () => {
    const checked = { project_role_check: true };
    expect(accessOf('p', row(checked)).refusal).to.equal('project-role-missing');
    expect(accessOf('p', row({ ...checked, role_keys: '[]' })).refusal).to.equal(
      'project-role-missing',
    );
    expect(accessOf('p', row({ ...checked, role_keys: '["keeper"]' })).refusal).to.equal(undefined);
  });

  it('checks the organization first: a stranger without a role is refused as not granted', () => {
    const both = { has_project_check: 1, project_role_check: 1, user_org_id: 'org-b' };
    expect(accessOf('p', row(both)).refusal).to.equal('project-not-granted');
  });

  it('gives the roles in ZITADEL’s shape, with the user’s organization, parsed or not', () => {
    const expected = { keeper: { 'org-a': 'Zoo Ltd' }, vet: { 'org-a': 'Zoo Ltd' } };
    expect(accessOf('p', row({ role_keys: '["keeper","vet"]' })).roles).to.deep.equal(expected);
    expect(accessOf('p', row({ role_keys: ['keeper', 'vet'] })).roles).to.deep.equal(expected);
    expect(accessOf('p', row({ project_role_assertion: 1 })).assertRoles).to.equal(true);
  });
});
