import * as classes from './entity-classes.js';

export * from './entity-classes.js';

/** Every entity, for the DataSource: each class entity-classes.ts exports. */
export const entities = Object.values(classes);
