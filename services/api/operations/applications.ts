import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { Application } from '../../../shared/db/entities/project-access.entities.js';
import type { ApplicationPayload } from '../../../shared/events/event-types.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import type { NewClient } from '../oidc/clients.js';
import { firstOr } from './project-aggregate.js';

export const applicationNotFound = (): ServiceError => new ServiceError('APPLICATION-NOT-FOUND');

/** The settings of an application's client, as a request gives them. */
export interface ApplicationSettings {
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  idTokenRoleAssertion?: boolean;
  accessTokenRoleAssertion?: boolean;
}

/** An application's client settings, every one given (the name trimmed). */
export type ProjectClient = Required<Omit<NewClient, 'confidential'>>;

/** The client of a project's application with these settings. */
export function clientOf(projectId: string, settings: ApplicationSettings): ProjectClient {
  return {
    name: settings.name.trim(),
    redirectUris: settings.redirectUris,
    postLogoutRedirectUris: settings.postLogoutRedirectUris ?? [],
    projectId,
    idTokenRoleAssertion: settings.idTokenRoleAssertion === true,
    accessTokenRoleAssertion: settings.accessTokenRoleAssertion === true,
  };
}

/** The application as its events carry it: never the secret. */
export function applicationPayload(
  application: { id: string; clientId: string },
  { projectId: _project, ...settings }: ProjectClient,
  confidential: boolean,
): ApplicationPayload {
  const authMethodType = confidential
    ? 'OIDC_AUTH_METHOD_TYPE_BASIC'
    : 'OIDC_AUTH_METHOD_TYPE_NONE';
  return { appId: application.id, clientId: application.clientId, ...settings, authMethodType };
}

/** An application of the project; APPLICATION-NOT-FOUND for one of another project. */
export const applicationOf = (transaction: BatchedTransaction, projectId: string, id: string) =>
  firstOr(transaction.find(Application, { id, projectId }), applicationNotFound);
