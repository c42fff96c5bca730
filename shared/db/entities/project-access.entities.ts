import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A role of a project: its key is unique within the project, exactly as given. */
@Entity('project_roles')
export class ProjectRole {
  @PrimaryColumn({ name: 'project_id', type: 'varchar', length: 36 }) projectId!: string;
  @PrimaryColumn({ name: 'role_key', type: 'varchar', length: 200 }) key!: string;
  @Column({ name: 'display_name', type: 'varchar', length: 200 }) displayName!: string;
  @Column({ name: 'role_group', type: 'varchar', length: 200 }) group!: string;
}

/**
 * An application of a project: the OpenID Connect client `clientId`, whose record the provider
 * reads (redirect URIs, secret, role assertions) is kept in `oidc_payloads`.
 */
@Entity('applications')
export class Application {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'project_id', type: 'varchar', length: 36 }) projectId!: string;
  @Column({ name: 'client_id', type: 'varchar', length: 64 }) clientId!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
}

/** A project shared with another organization, with a subset of its roles. */
@Entity('project_grants')
export class ProjectGrant {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'project_id', type: 'varchar', length: 36 }) projectId!: string;
  @Column({ name: 'granted_org_id', type: 'varchar', length: 36 }) grantedOrgId!: string;
  @Column({ name: 'role_keys', type: 'json' }) roleKeys!: string[];
}

/**
 * Roles of one project held by one user; `projectGrantId` names the project grant through which
 * the user's organization has the project, when it is not the project's own.
 */
@Entity('user_grants')
export class UserGrant {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  @Column({ name: 'project_id', type: 'varchar', length: 36 }) projectId!: string;
  @Column({ name: 'project_grant_id', type: 'varchar', length: 36, nullable: true })
  projectGrantId!: string | null;
  @Column({ name: 'role_keys', type: 'json' }) roleKeys!: string[];
}
