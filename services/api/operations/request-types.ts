import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';

/** Where the request types are written, from the repository's root. */
export const REQUEST_TYPES_FILE = 'services/api/operations/requests.generated.ts';

const BANNER = `/*
 * The request types, generated from schemas/requests/*.schema.json by \`npm run request-types\`:
 * edit the schemas, never this file. test/unit/request-types.test.ts fails while it differs.
 */`;

/**
 * TypeScript types of the request schemas, one per schema, named by its title, each field with
 * its description as a doc comment. The schemas stay the one source: the validator, the OpenAPI
 * document and these types all read them.
 */
export async function requestTypesSource(root: string): Promise<string> {
  const directory = join(root, 'schemas/requests');
  const style = await prettier.resolveConfig(join(root, REQUEST_TYPES_FILE));
  const types: string[] = [];
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(join(directory, file), 'utf8')) as JSONSchema;
    types.push(
      await compile(typeable(schema), String(schema.title), {
        bannerComment: '',
        // maxItems bounds what is accepted; as a type it would be a union of 20 tuples.
        ignoreMinAndMaxItems: true,
        style: style ?? {},
      }),
    );
  }
  return `${BANNER}\n\n${types.join('\n')}`;
}

/** A message without fields is an object with no keys, not `{}` (which admits any value). */
function typeable(schema: JSONSchema): JSONSchema {
  const empty =
    schema.additionalProperties === false && !Object.keys(schema.properties ?? {}).length;
  return empty ? { ...schema, tsType: 'Record<string, never>' } : schema;
}
