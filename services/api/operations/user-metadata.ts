import {
  inBatchedTransaction,
  type BatchedTransaction,
} from '../../../shared/db/batched-transaction.js';
import { MachineUser, User, UserMetadata } from '../../../shared/db/entities/index.js';
import { invalidArgument, ServiceError } from '../../../shared/errors/service-error.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { updateDetails, type DetailsResponse } from './details.js';
import { expectUnchanged, honoringIfMatch } from './if-match.js';
import type { OperationContext } from './operation.js';
import { lockedAccount } from './user-lifecycle.js';

/** The most entries one user's metadata holds. */
export const METADATA_ENTRIES_LIMIT = 100;
/** The largest value, in bytes. */
export const METADATA_VALUE_LIMIT = 16 * 1024;

export const metadataNotFound = (): ServiceError => new ServiceError('USER-METADATA-NOT-FOUND');
export const tooManyMetadataEntries = (): ServiceError =>
  new ServiceError('USER-METADATA-TOO-MANY');

/** An entry to set, its value as it came (base64, standard or URL-safe). */
export interface MetadataEntryInput {
  key: string;
  value: string;
}

/** What one change of a user's metadata does: entries set (value in standard base64), keys removed. */
export interface MetadataChange {
  set: { key: string; value: string }[];
  remove: string[];
}

/**
 * Entries to set as one change: each value decoded and kept as standard base64, 1 byte to 16 KiB,
 * each key once (`field` names the list in a refusal).
 */
export function entriesToSet(entries: readonly MetadataEntryInput[], field: string) {
  const seen = new Set<string>();
  return entries.map(({ key, value }, index) => {
    const bytes = Buffer.from(value, 'base64');
    const at = field ? `${field}[${index}]` : '';
    const name = (part: string) => (at ? `${at}.${part}` : part);
    if (bytes.length === 0 || bytes.length > METADATA_VALUE_LIMIT)
      throw invalidArgument([
        { field: name('value'), description: 'must be 1 byte to 16 KiB once decoded' },
      ]);
    if (seen.has(key))
      throw invalidArgument([{ field: name('key'), description: 'names a key set before' }]);
    seen.add(key);
    return { key, value: bytes.toString('base64') };
  });
}

/**
 * A handler that changes the metadata of a user of the target organization (a person or a
 * machine user, the request's `id`) in one transaction, under the user's lock and If-Match:
 * `user.metadata.set` for each entry whose value differs, `user.metadata.removed` for each key
 * removed (USER-METADATA-NOT-FOUND for a key the user has not), at most 100 entries after
 * (USER-METADATA-TOO-MANY). A change that changes nothing records nothing.
 */
export function userMetadataChange<Request extends { id: string }>(
  changeOf: (request: Request) => MetadataChange,
) {
  return honoringIfMatch(async ({ deps, orgId, ifMatch }: OperationContext, request: Request) => {
    const change = changeOf(request);
    return inBatchedTransaction(deps.dataSource, async (transaction) => {
      const { human, machine } = await lockedAccount(transaction, request.id, orgId);
      const user = human ?? machine;
      expectUnchanged(ifMatch, user.sequence);
      const events = await queueMetadataChange(transaction, user.id, change);
      if (events.length === 0) return { details: updateDetails(user) };
      const entity = human ? User : MachineUser;
      const done = await commitChange(transaction, entity, user, events, {});
      return { details: updateDetails({ ...user, ...done }) } satisfies DetailsResponse;
    });
  });
}

/** The change's writes, queued; its events (none when every entry is as asked already). */
async function queueMetadataChange(
  transaction: BatchedTransaction,
  userId: string,
  { set, remove }: MetadataChange,
): Promise<DomainEvent[]> {
  const stored = new Map(
    (await transaction.find(UserMetadata, { userId }, { select: ['key', 'value'] })).map(
      (entry) => [entry.key, entry.value],
    ),
  );
  const events: DomainEvent[] = [];
  const now = new Date();
  for (const key of remove) {
    if (!stored.has(key)) throw metadataNotFound();
    stored.delete(key);
    transaction.queue('DELETE FROM user_metadata WHERE user_id = ? AND metadata_key = ?', [
      userId,
      key,
    ]);
    events.push({ type: 'user.metadata.removed', payload: { key } });
  }
  for (const { key, value } of set) {
    const before = stored.get(key);
    if (before === value) continue;
    if (before === undefined)
      transaction.insert(UserMetadata, [
        { userId, key, value, creationDate: now, changeDate: now },
      ]);
    else transaction.update(UserMetadata, { userId, key }, { value, changeDate: now });
    stored.set(key, value);
    events.push({ type: 'user.metadata.set', payload: { key, value } });
  }
  if (stored.size > METADATA_ENTRIES_LIMIT) throw tooManyMetadataEntries();
  return events;
}
