import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REQUEST_TYPES_FILE, requestTypesSource } from './request-types.js';

/** The repository's root, from this script's build under dist/. */
const ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../../' : '../../../', import.meta.url),
);

// `npm run request-types`: the committed types, which test/unit/request-types.test.ts keeps equal
// to what this writes.
writeFileSync(`${ROOT}${REQUEST_TYPES_FILE}`, await requestTypesSource(ROOT));
console.log(`wrote ${ROOT}${REQUEST_TYPES_FILE}`);
