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
 * The spare's deactivation and reactivation (`onSpare` sends each), each then refused by the
 * state it left (`<errorPrefix>-NOT-ACTIVE`, `<errorPrefix>-NOT-INACTIVE`).
 */
export function stateChanges<Kind extends string>(
  kind: Kind,
  noun: string,
  errorPrefix: string,
  onSpare: (
    operation: `${'Deactivate' | 'Reactivate'}${Kind}`,
    name: string,
    expected: Case['expected'],
  ) => Case,
): Case[] {
  const refused = (state: string) => ({ code: 9, errorId: `${errorPrefix}-NOT-${state}` });
  const article = /^[aeiou]/.test(noun) ? 'an' : 'a';
  return [
    onSpare(`Deactivate${kind}`, `${article} ${noun}’s deactivation`, changed),
    onSpare(`Deactivate${kind}`, `a deactivation of an inactive ${noun}`, refused('ACTIVE')),
    onSpare(`Reactivate${kind}`, `${article} ${noun}’s reactivation`, changed),
    onSpare(`Reactivate${kind}`, `a reactivation of an active ${noun}`, refused('INACTIVE')),
  ];
}

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
  ...stateChanges('Project', 'project', 'PROJECT', onSpare),
  onSpare('RemoveProject', 'a project’s removal', changed),
  onSpare('RemoveProject', 'a removal of a removed project', {
    code: 5,
    errorId: 'PROJECT-NOT-FOUND',
  }),
];
