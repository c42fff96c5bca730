/**
 * The `details` of every response. `sequence` is the position of the last event recorded; an
 * update that changed nothing reports the stored values.
 */
export interface Details {
  sequence: string;
  creationDate?: Date;
  changeDate: Date;
  resourceOwner: string;
}

interface Versioned {
  sequence: string;
  changeDate: Date;
  orgId: string;
}

/** Details of an update, from the aggregate as stored after it (or unchanged by it). */
export function updateDetails(aggregate: Versioned): Details {
  return {
    sequence: aggregate.sequence,
    changeDate: aggregate.changeDate,
    resourceOwner: aggregate.orgId,
  };
}

/** The answer of a change that answers only the changed aggregate's details. */
export interface DetailsResponse {
  details: Details;
}
