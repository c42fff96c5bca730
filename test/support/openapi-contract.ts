import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { domainFormats } from '../../services/api/validation/formats.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const BASE = 'https://identity.test/openapi.json';
/** The default password policy, as the document's examples and the service's formats assume it. */
export const DEFAULT_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigit: true,
  requireSymbol: true,
};

type Json = Record<string, any>;

interface RealResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * An OpenAPI 3.1 document as a contract to hold real responses to: ajv in its 2020-12 dialect
 * (OpenAPI 3.1's) over the document's schemas, with the service's own formats. Each response
 * object's schemas are closed (`additionalProperties: false` where the document leaves objects
 * open), so a field the service sends and the document does not name fails too.
 */
export class OpenApiContract {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  /** `GET /path/{id} 404` for every response checked, to tell which were never seen. */
  readonly checked = new Set<string>();

  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(this.ajv);
    for (const [name, format] of Object.entries(domainFormats(DEFAULT_POLICY)))
      this.ajv.addFormat(name, { type: 'string', validate: format.validate });
    this.ajv.addKeyword({ keyword: 'x-violation', schemaType: 'string' });
    const closed = structuredClone(document);
    for (const name of responseComponents(closed)) closeObjects(closed.components.schemas[name]);
    // The document is one schema resource, so its `#/components/...` references resolve; its own
    // fields (openapi, paths, …) are keywords that check nothing.
    this.ajv.addVocabulary(Object.keys(document));
    this.ajv.addSchema({ ...closed, $id: BASE });
  }

  /** Every `METHOD path status` the document declares. */
  declared(): string[] {
    return Object.entries(this.document.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json).flatMap(([method, operation]) =>
        Object.keys(operation.responses).map(
          (status) => `${method.toUpperCase()} ${path} ${status}`,
        ),
      ),
    );
  }

  /** The path template of the operation `method path` (a real path) is a call of. */
  template(method: string, path: string): string {
    const found = Object.keys(this.document.paths).find(
      (template) =>
        new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path) &&
        this.document.paths[template][method.toLowerCase()],
    );
    if (!found || !this.document.paths[found][method.toLowerCase()])
      throw new Error(`no operation ${method} ${path} in the document`);
    return found;
  }

  /**
   * Problems of a real response to `method path` against the document: its status must be
   * declared for the operation, its JSON body must validate against that response's schema, and
   * the headers it declares must be there. An empty list means it holds.
   */
  check(method: string, path: string, { status, body, headers }: RealResponse): string[] {
    const template = this.template(method, path);
    const operation = this.document.paths[template][method.toLowerCase()];
    const key = `${method.toUpperCase()} ${template} ${status}`;
    let response = operation.responses[String(status)];
    if (!response) return [`${key}: the status is not declared`];
    const pointer = [
      'paths',
      template,
      method.toLowerCase(),
      'responses',
      String(status),
      'content',
      'application/json',
      'schema',
    ];
    if (response.$ref) {
      const name = (response.$ref as string).replace('#/components/responses/', '');
      response = this.document.components.responses[name];
      pointer.splice(0, 5, 'components', 'responses', name);
    }
    if (!response.content?.['application/json']) return [`${key}: declares no JSON body`];
    this.checked.add(key);
    const problems = Object.keys(response.headers ?? {})
      .filter((name) => !headers.has(name))
      .map((name) => `${key}: no ${name} header`);
    const validate = this.validator(pointer);
    if (!validate(body)) {
      for (const error of validate.errors ?? [])
        problems.push(`${key}: ${error.instancePath || '(body)'} ${error.message ?? ''}`);
    }
    return problems;
  }

  /** Compiles a schema of the document on its own, as a strict 2020-12 schema. */
  compile(pointer: string[]): ValidateFunction {
    return this.validator(pointer);
  }

  private validator(pointer: string[]): ValidateFunction {
    const ref = `${BASE}#/${pointer.map(escape).join('/')}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}

const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The names of the component schemas that responses use, directly or through others. */
function responseComponents(document: Json): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      const name = key === '$ref' && String(inner).match(/^#\/components\/schemas\/(.+)$/)?.[1];
      if (name && !names.has(name)) {
        names.add(name);
        visit(document.components.schemas[name]);
      } else if (key !== 'examples') visit(inner);
    }
  };
  for (const item of Object.values(document.paths as Json))
    for (const operation of Object.values(item as Json)) visit(operation.responses);
  visit(document.components.responses);
  return names;
}

/**
 * Adds `additionalProperties: false` to an object schema made from a proto message, and to those
 * it holds: they use `properties`, `items` and `oneOf` only.
 */
function closeObjects(schema: Json): void {
  if (schema.properties && schema.additionalProperties === undefined)
    schema.additionalProperties = false;
  for (const property of Object.values((schema.properties ?? {}) as Record<string, Json>))
    closeObjects(property);
  if (schema.items) closeObjects(schema.items);
  for (const option of (schema.oneOf ?? []) as Json[]) closeObjects(option);
}
