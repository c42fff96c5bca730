import {
  inBatchedTransaction,
  type BatchedTransaction,
} from '../../../shared/db/batched-transaction.js';
import type { EntityTarget } from 'typeorm';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { updateDetails, type DetailsResponse } from './details.js';
import { expectUnchanged, honoringIfMatch } from './if-match.js';
import type { Dependencies, OperationContext } from './operation.js';

/** An aggregate's row as a change reads and versions it. */
interface AggregateRow {
  id: string;
  orgId: string;
  version: number;
  sequence: string;
  changeDate: Date;
}

/** What a change of one aggregate works with: its transaction, the row locked, the request. */
export interface AggregateWork<Row, Request> {
  transaction: BatchedTransaction;
  row: Row;
  request: Request;
  deps: Dependencies;
}

/**
 * What a change needs of its call: the dependencies, the organization and `If-Match`. The
 * sign-in's own changes (a brokered sign-in's profile update) have no caller.
 */
export type ChangeContext = Pick<OperationContext, 'deps' | 'orgId' | 'ifMatch'>;

/** What a change of one aggregate answers: its events and new columns, and more of the response. */
export interface AggregateChange<Row, Answer> {
  /** None (or none in a list) when nothing changed: the details are answered as they are. */
  event?: DomainEvent | DomainEvent[];
  columns?: Partial<Row>;
  answer?: Answer;
}

/**
 * A handler that changes one aggregate of the target organization in one transaction: its row
 * locked by `locked` (the aggregate `idOf` the request names; one of another organization is not
 * found), checked against `If-Match`, then `change` queues its writes and answers the events
 * (none when nothing changed), the new columns and what else the response holds; committed
 * together, answered with the aggregate's details after.
 */
export function aggregateChange<Row extends AggregateRow, Request, Answer extends object>(
  entity: EntityTarget<Row>,
  locked: (transaction: BatchedTransaction, id: string, orgId: string) => Promise<Row>,
  idOf: (request: Request) => string,
  change: (
    work: AggregateWork<Row, Request>,
  ) => AggregateChange<Row, Answer> | Promise<AggregateChange<Row, Answer>>,
): (context: ChangeContext, request: Request) => Promise<Answer & DetailsResponse> {
  return honoringIfMatch(({ deps, orgId, ifMatch }: ChangeContext, request: Request) =>
    inBatchedTransaction(deps.dataSource, async (transaction) => {
      const row = await locked(transaction, idOf(request), orgId);
      expectUnchanged(ifMatch, row.sequence);
      const { event, columns = {}, answer } = await change({ transaction, row, request, deps });
      const none = event === undefined || (Array.isArray(event) && event.length === 0);
      const changed = none
        ? undefined
        : await commitChange(transaction, entity, row, event, columns);
      return { ...(answer as Answer), details: updateDetails({ ...row, ...changed }) };
    }),
  );
}
