import type { Case } from './transport-cases.js';

/** The cases of a project's life that test/integration/transports.test.ts sends. */

export type ProjectLifecycleOperation =
  'AddProject' | 'DeactivateProject' | 'ReactivateProject' | 'RemoveProject';

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];
const changed = { code: 0, shape: DETAILS };

/** A change of the transport's spare project, and what it answers. */
const onSpare = (
  operation: ProjectLifecycleOperation,
  name: string,
  expected: Case['expected'],
): Case => ({ name, operation, request: (f) => ({ id: f.spareProjectId }), expected });

/**
 * In this order on each transport: a project added (then its name refused), the spare project
 * deactivated and reactivated (each then refused by the state it left), and removed.
 */
export const PROJECT_LIFECYCLE_CASES: Case[] = [
  {
    name: 'a new project',
    operation: 'AddProject',
    request: (f) => ({ name: `${f.prefix} added`, projectRoleCheck: true }),
    expected: { code: 0, shape: ['id', ...DETAILS, 'details.creationDate'] },
  },
  {
    name: 'a new project with a taken name',
    operation: 'AddProject',
    request: (f) => ({ name: ` ${f.prefix.toUpperCase()} ADDED ` }),
    expected: { code: 6, errorId: 'PROJECT-NAME-ALREADY-EXISTS' },
  },
  {
    name: 'a new project with a blank name',
    operation: 'AddProject',
    request: () => ({ name: '   ' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['name'] },
  },
  onSpare('DeactivateProject', 'a project’s deactivation', changed),
  onSpare('DeactivateProject', 'a deactivation of an inactive project', {
    code: 9,
    errorId: 'PROJECT-NOT-ACTIVE',
  }),
  onSpare('ReactivateProject', 'a project’s reactivation', changed),
  onSpare('ReactivateProject', 'a reactivation of an active project', {
    code: 9,
    errorId: 'PROJECT-NOT-INACTIVE',
  }),
  onSpare('RemoveProject', 'a project’s removal', changed),
  onSpare('RemoveProject', 'a removal of a removed project', {
    code: 5,
    errorId: 'PROJECT-NOT-FOUND',
  }),
];
