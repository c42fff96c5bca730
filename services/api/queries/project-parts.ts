import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import { payloadOf, type ReadDetails } from './read-details.js';

/**
 * A project's parts (its roles, applications and grants) have no read model: their reads answer
 * from the tables the operations write, current at once. Their details come from their project
 * and its events: the sequence is the project's now (the state a change of the part names in
 * If-Match: the project is the aggregate its events are recorded on), the creation date that of
 * the event that added the part, the change date that of its last change.
 */

/** A project of the organization as the operations keep it, or undefined (another's too). */
export interface OwnProject {
  id: string;
  orgId: string;
  sequence: string;
  name: string;
  /** The name of the organization that owns it. */
  orgName: string;
}

export async function ownProject(
  dataSource: DataSource,
  orgId: string,
  projectId: string,
): Promise<OwnProject | undefined> {
  const [row]: { sequence: string | number; name: string; org_name: string }[] =
    await dataSource.query(
      `SELECT projects.sequence, projects.name, organizations.name AS org_name
         FROM projects JOIN organizations ON organizations.id = projects.org_id
        WHERE projects.id = ? AND projects.org_id = ?`,
      [projectId, orgId],
    );
  return (
    row && {
      id: projectId,
      orgId,
      sequence: String(row.sequence),
      name: row.name,
      orgName: row.org_name,
    }
  );
}

/** The events of one kind of part: their type prefix and the payload field naming the part. */
export interface PartEvents {
  /** `project.role`: `project.role.added` adds one, `project.role.changed` changes it. */
  prefix: string;
  idField: string;
}

/** A part's details: without dates when no event of it is found (never, as parts are written). */
export type PartDetails = Pick<ReadDetails, 'sequence' | 'resourceOwner'> & Partial<ReadDetails>;

/**
 * The details of the project's parts of one kind that `ids` name, from the project's events of
 * that kind (a part added again after its removal dates from its last addition).
 */
export async function partDetails(
  dataSource: DataSource,
  project: OwnProject,
  events: PartEvents,
  ids: readonly string[],
): Promise<(id: string) => PartDetails> {
  const details = new Map<string, ReadDetails>();
  const detailsOf = (id: string): PartDetails =>
    details.get(id) ?? { sequence: project.sequence, resourceOwner: project.orgId };
  if (ids.length === 0) return detailsOf;
  const rows: { type: string; payload: unknown; created_at: Date | string }[] =
    await dataSource.query(
      `SELECT type, payload, created_at FROM events
        WHERE aggregate_type = 'project' AND aggregate_id = ? AND type IN (?, ?)
        ORDER BY aggregate_version`,
      [project.id, `${events.prefix}.added`, `${events.prefix}.changed`],
    );
  const wanted = new Set(ids);
  for (const row of rows) {
    const id = String(payloadOf(row.payload)[events.idField]);
    if (!wanted.has(id)) continue;
    const time = timeOf(row.created_at)!;
    const added = row.type.endsWith('.added') || !details.has(id);
    details.set(id, {
      sequence: project.sequence,
      creationDate: added ? time : details.get(id)!.creationDate,
      changeDate: time,
      resourceOwner: project.orgId,
    });
  }
  return detailsOf;
}
