import type { DataSource } from 'typeorm';
import type { BatchedTransaction } from './batched/queued-statements.js';
import { dialectOf } from './dialect.js';

export {
  LAST_INSERT_ID,
  type BatchedTransaction,
  type Insertion,
  type Values,
} from './batched/queued-statements.js';

/**
 * Runs `work` in a BatchedTransaction and commits what it queued if it did not commit itself: the
 * one way to write state and its events together. On MySQL it is READ COMMITTED, a deadlock
 * victim is retried from the start, and an update costs two round trips (the locking read, then
 * the writes with the COMMIT); the statement builder is batched/queued-statements.ts, the drivers
 * batched/mysql-transaction.ts (one round trip) and batched/embedded-transaction.ts. On the
 * embedded database it runs alone, as every transaction there does, and is answered once saved.
 */
export function inBatchedTransaction<T>(
  dataSource: DataSource,
  work: (transaction: BatchedTransaction) => Promise<T>,
): Promise<T> {
  return dialectOf(dataSource).transaction(work);
}
