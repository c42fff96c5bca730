import {
  inBatchedTransaction,
  type BatchedTransaction,
} from '../../../shared/db/batched-transaction.js';
import { User } from '../../../shared/db/entities/index.js';
import {
  IdpConfig,
  UserIdpLink,
  type IdpOwnerType,
  type IdpState,
} from '../../../shared/db/entities/idp.entity.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { commitCreation, queueChange } from '../../../shared/events/record-change.js';
import { invalidArgument } from '../../../shared/errors/service-error.js';
import { newId } from '../../../shared/ids.js';
import type { Config } from '../../../shared/config/config.js';
import { isClientSecret, sealClientSecret } from '../credentials/machine-credentials.js';
import { aggregateChange, type AggregateChange, type AggregateWork } from './aggregate-change.js';
import type { Details, DetailsResponse } from './details.js';
import {
  configPayload,
  hasColumns,
  idpNotActive,
  idpNotInactive,
  idpTypeMismatch,
  lockedProvider,
  resourceOwnerOf,
  type ProviderKind,
  type ProviderRequest,
} from './idp-configs.js';
import type { OperationContext } from './operation.js';

/*
 * The changes of an identity provider, one handler per kind for both owners: an organization's
 * provider (ManagementService) and the instance's (AdminService) differ only in which provider
 * is reached and whose it is. Each records its event on the provider (`idp.config.*`, aggregate
 * `idp`) in the transaction that writes it; the client secret is sealed, and never in an event.
 */

export interface AddProviderResponse {
  id: string;
  details: Required<Details>;
}

/**
 * A handler that adds a provider of `kind` (`idp.config.added`): the target organization's, or
 * the instance's (kept with the organization of the instance owner who added it), active, its
 * client secret sealed.
 */
export function addProvider<Request extends ProviderRequest & { clientSecret: string }>(
  kind: ProviderKind<Request>,
  owner: IdpOwnerType,
) {
  return async (
    { deps, orgId, caller }: OperationContext,
    request: Request,
  ): Promise<AddProviderResponse> => {
    const columns = kind.columnsOf(request);
    const id = newId();
    const at = new Date();
    const resourceOwner = resourceOwnerOf(owner, orgId);
    const sequence = await inBatchedTransaction(deps.dataSource, (transaction) =>
      commitCreation(
        transaction,
        IdpConfig,
        { id, orgId: resourceOwner },
        { type: 'idp.config.added', payload: configPayload(columns, owner) },
        {
          ...columns,
          id,
          orgId: owner === 'instance' ? caller.orgId : orgId,
          ownerType: owner,
          state: 'active',
          clientSecretSealed: sealClientSecret(deps.config, request.clientSecret),
          createdAt: at,
          changeDate: at,
        },
        at,
      ),
    );
    return { id, details: { sequence, creationDate: at, changeDate: at, resourceOwner } };
  };
}

/**
 * A change of the provider of `owner` the request names (its `id`, or its `idpId` where ZITADEL's
 * v1 messages name it so), as aggregateChange makes one.
 */
const providerChange = <Request extends { id: string } | { idpId: string }>(
  owner: IdpOwnerType,
  change: (
    work: AggregateWork<IdpConfig, Request>,
  ) => AggregateChange<IdpConfig, object> | Promise<AggregateChange<IdpConfig, object>>,
) =>
  aggregateChange(
    IdpConfig,
    lockedProvider(owner),
    (request: Request) => ('idpId' in request ? request.idpId : request.id),
    change,
  );

/**
 * A handler that sets a provider of `kind` whole (`idp.config.changed`, with every field of its
 * configuration): the client secret given is stored sealed, an empty or absent one keeps the
 * stored one. A provider `identityctl idp create` made (unconfigured) becomes one of `kind`,
 * keeping its id and its users' links; one configured as the other kind is IDP-TYPE-MISMATCH.
 * The same configuration again records nothing.
 */
export function updateProvider<
  Request extends ProviderRequest & { id: string; clientSecret?: string },
>(kind: ProviderKind<Request>, owner: IdpOwnerType) {
  return providerChange<Request>(owner, ({ row, request, deps }) => {
    if (row.type !== 'unconfigured' && row.type !== kind.type) throw idpTypeMismatch();
    const columns = kind.columnsOf(request);
    const sealed = changedSecret(deps.config, row.clientSecretSealed, request.clientSecret);
    if (hasColumns(row, columns) && !sealed) return {};
    const payload = { ...configPayload(columns, row.ownerType), clientSecretChanged: !!sealed };
    return {
      event: { type: 'idp.config.changed', payload },
      columns: { ...columns, ...(sealed && { clientSecretSealed: sealed }) },
    };
  });
}

/**
 * The sealed secret to store: the one given when it is not the stored one; none to keep the
 * stored one. A provider without one (unconfigured) must be given one.
 */
function changedSecret(
  config: Config,
  stored: Buffer | null,
  given: string | undefined,
): Buffer | undefined {
  if (!given && !stored)
    throw invalidArgument([
      { field: 'clientSecret', description: 'is required to configure a provider that has none' },
    ]);
  if (!given || (stored && isClientSecret(config, stored, given))) return undefined;
  return sealClientSecret(config, given);
}

/**
 * A handler that deactivates the provider of `owner` the request names (`idp.config.deactivated`:
 * no sign-in offers it, and one begun at it is refused at its callback; its links and its place
 * in the login policies stay), or reactivates it (`idp.config.reactivated`). One in that state
 * already is IDP-NOT-ACTIVE or IDP-NOT-INACTIVE.
 */
export const providerStateChange =
  (state: IdpState) =>
  (
    owner: IdpOwnerType,
  ): ((context: OperationContext, request: { idpId: string }) => Promise<DetailsResponse>) =>
    providerChange<{ idpId: string }>(owner, ({ row }) => {
      if (row.state === state) throw state === 'inactive' ? idpNotActive() : idpNotInactive();
      const type = state === 'inactive' ? 'idp.config.deactivated' : 'idp.config.reactivated';
      return { event: { type, payload: {} }, columns: { state } };
    });

/**
 * A handler that removes the provider of `owner` the request names, in one transaction: each
 * user's links to it (`user.idp.link.removed` on the user, as RemoveUserIDPLink records it), its
 * place in the login policies, then the provider (`idp.config.removed`, its last event).
 */
export const deleteProvider = (
  owner: IdpOwnerType,
): ((context: OperationContext, request: { id: string }) => Promise<DetailsResponse>) =>
  providerChange<{ id: string }>(owner, async ({ transaction, row }) => {
    await queueLinksRemoved(transaction, row.id);
    transaction.queue('DELETE FROM login_policy_idps WHERE idp_id = ?', [row.id]);
    transaction.queue('DELETE FROM idp_configs WHERE id = ?', [row.id]);
    const payload = { kind: row.type, name: row.name, ownerType: row.ownerType };
    return { event: { type: 'idp.config.removed', payload } };
  });

/**
 * Takes every user's links to the provider `configId`: each user locked after the provider (an
 * AddUserIDPLink locks them the other way round; a deadlock of the two is retried), and a
 * `user.idp.link.removed` per link recorded on the user.
 */
async function queueLinksRemoved(transaction: BatchedTransaction, configId: string): Promise<void> {
  const links = await transaction.find(UserIdpLink, { configId });
  if (links.length === 0) return;
  const users = await transaction.find(
    User,
    { id: [...new Set(links.map((link) => link.userId))] },
    { lock: true, select: ['id', 'orgId', 'version'] },
  );
  const at = new Date();
  for (const user of users) {
    const removed: DomainEvent[] = links
      .filter((link) => link.userId === user.id)
      .map((link) => ({
        type: 'user.idp.link.removed',
        payload: { configId, externalUserId: link.externalUserId },
      }));
    queueChange(transaction, User, user, removed, {}, at);
  }
  transaction.queue('DELETE FROM user_idp_links WHERE config_id = ?', [configId]);
}
