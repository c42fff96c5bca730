import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referencePages, REPOSITORY_ROOT } from './reference-pages.js';

// `npm run reference`: the committed pages, which test/unit/reference-pages.test.ts keeps equal to
// what this writes.
for (const [path, page] of Object.entries(await referencePages())) {
  const file = fileURLToPath(new URL(path, REPOSITORY_ROOT));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page);
  console.log(`wrote ${path}`);
}
