import type { UserList } from '../../queries/user-queries.js';

export type { ListUsersRequest } from './list-users.request.generated.js';

/** A page of the organization's users, how many match in all, and how far the read model got. */
export type ListUsersResponse = UserList;
