import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { operations } from '../operations/operations.js';
import { openApiDocument, serializeOpenApi } from './openapi-document.js';

/** docs/openapi.json at the repository root, from this script's build under dist/. */
const OPENAPI_FILE = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/')
      ? '../../../../docs/openapi.json'
      : '../../../docs/openapi.json',
    import.meta.url,
  ),
);

// `npm run openapi`: the committed document, which test/unit/openapi-document.test.ts keeps equal
// to what this writes.
writeFileSync(OPENAPI_FILE, serializeOpenApi(openApiDocument(operations)));
console.log(`wrote ${OPENAPI_FILE}`);
