import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { PasswordPolicy } from '../../../shared/config/config.js';
import { invalidArgument, type FieldViolation } from '../../../shared/errors/service-error.js';
import { domainFormats, type Format } from './formats.js';
import { malformedText, printable } from './well-formed-text.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** Checks a request against its JSON Schema and returns it typed, or throws INVALID_ARGUMENT. */
export type RequestValidator<T> = (body: unknown) => T;

/** Compiles request schemas with our formats. One per process: compiling is the slow part. */
export class RequestSchemas {
  private readonly ajv: Ajv;
  private readonly formats: Record<string, Format>;

  constructor(policy: PasswordPolicy) {
    this.ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
    addFormats(this.ajv, ['email']);
    this.formats = domainFormats(policy);
    for (const [name, format] of Object.entries(this.formats)) {
      this.ajv.addFormat(name, { type: 'string', validate: format.validate });
    }
    this.ajv.addKeyword({ keyword: 'x-violation', schemaType: 'string' });
  }

  compile<T>(schema: object): RequestValidator<T> {
    const validate = this.ajv.compile(schema);
    return (body) => {
      const malformed = malformedText(body);
      if (validate(body) && malformed.length === 0) return body as T;
      throw invalidArgument(this.violations(malformed, validate));
    };
  }

  /** One violation per field: text that is not well-formed first, then in the order ajv found them. */
  private violations(malformed: FieldViolation[], validate: ValidateFunction): FieldViolation[] {
    const byField = new Map(malformed.map((violation) => [violation.field, violation.description]));
    for (const error of validate.errors ?? []) {
      const field = fieldOf(error);
      if (!byField.has(field)) byField.set(field, this.describe(error));
    }
    return [...byField].map(([field, description]) => ({ field, description }));
  }

  private describe(error: ErrorObject): string {
    const params = error.params as Record<string, unknown>;
    const violation = (error.parentSchema as Record<string, unknown> | undefined)?.['x-violation'];
    switch (error.keyword) {
      case 'required':
        return 'is required';
      case 'additionalProperties':
        return 'is not a known field';
      case 'type':
        return error.instancePath === ''
          ? 'the request body must be a JSON object'
          : `must be a ${String(params.type)}`;
      case 'minLength':
        return 'must not be empty';
      case 'pattern':
        return 'must not be empty or blank';
      case 'maxLength':
        return `must be at most ${String(params.limit)} characters`;
      case 'maxItems':
        return `must have at most ${String(params.limit)} entries`;
      case 'enum':
        return `must be one of ${(params.allowedValues as string[]).join(', ')}`;
      case 'format':
        return this.formats[String(params.format)]?.description ?? 'must be a valid email address';
      case 'not':
        return typeof violation === 'string' ? violation : 'is not allowed here';
      default:
        return error.message ?? 'is invalid';
    }
  }
}

/** `/profile/firstName` → `profile.firstName`, `/idps/1/configId` → `idps[1].configId`. */
function fieldOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => printable(segment.replace(/~1/g, '/').replace(/~0/g, '~')));
  const leaf = params.missingProperty ?? params.additionalProperty;
  if (leaf !== undefined) segments.push(printable(leaf));
  return segments.reduce(
    (path, segment) =>
      /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
    '',
  );
}
