import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';

const BANNER = (schema: string) => `/*
 * Generated from schemas/requests/${schema} by \`npm run request-types\`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */`;

/**
 * TypeScript types of the request schemas, one file per schema beside its operation
 * (`schemas/requests/update-project.schema.json` →
 * `services/api/operations/update-project/update-project.request.generated.ts`), named by its
 * title, each field with its description as a doc comment. The schemas stay the one source: the
 * validator, the OpenAPI document and these types all read them. Answers each file's path from
 * the repository's root, and its text.
 */
export async function requestTypesSources(root: string): Promise<Map<string, string>> {
  const directory = join(root, 'schemas/requests');
  const sources = new Map<string, string>();
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()) {
    const operation = file.replace(/\.schema\.json$/, '');
    const path = `services/api/operations/${operation}/${operation}.request.generated.ts`;
    const style = await prettier.resolveConfig(join(root, path));
    const schema = JSON.parse(readFileSync(join(directory, file), 'utf8')) as JSONSchema;
    const type = await compile(typeable(schema), String(schema.title), {
      bannerComment: '',
      // maxItems bounds what is accepted; as a type it would be a union of 20 tuples.
      ignoreMinAndMaxItems: true,
      style: style ?? {},
    });
    sources.set(path, `${BANNER(file)}\n\n${type}`);
  }
  return sources;
}

/** A message without fields is an object with no keys, not `{}` (which admits any value). */
function typeable(schema: JSONSchema): JSONSchema {
  const empty =
    schema.additionalProperties === false && !Object.keys(schema.properties ?? {}).length;
  return empty ? { ...schema, tsType: 'Record<string, never>' } : schema;
}
