import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { requestTypesSources } from './request-types.js';

/** The repository's root, from this script's build under dist/. */
const ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../../' : '../../../', import.meta.url),
);

// `npm run request-types`: the committed types, which test/unit/request-types.test.ts keeps equal
// to what this writes.
for (const [path, source] of await requestTypesSources(ROOT)) {
  writeFileSync(`${ROOT}${path}`, source);
  console.log(`wrote ${path}`);
}
