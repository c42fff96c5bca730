import { honorsIfMatch, IF_MATCH_HEADER } from '../operations/if-match.js';
import { AFTER_SEQUENCE_HEADER } from '../queries/read-after-write.js';
import type protobuf from 'protobufjs';
import { takesBody, type Operation } from '../operations/operation.js';
import { loadProtoRoot } from '../transports/grpc/proto-files.js';
import { protoMethods } from '../transports/grpc/proto-methods.js';
import { errorResponses, REQUEST_ID_HEADER, RESPONSE_HEADERS } from './error-responses.js';
import { componentName, ProtoJsonSchemas, type JsonSchema } from './proto-json-schema.js';
import { requestBodySchema } from './request-body-schema.js';

/** What the error bodies' `details` hold (google.protobuf.Any), as json-errors.ts writes them. */
const ERROR_DETAIL_TYPES = [
  'google.rpc.BadRequest',
  'google.rpc.RetryInfo',
  'identity.v1.ErrorDetail',
];

/**
 * The REST surface as an OpenAPI 3.1 document, made from what the service serves: a path per
 * operation descriptor, its request body from the descriptor's JSON Schema, its response from the
 * gRPC method's response message in proto/, its errors from the pipeline's and the descriptor's.
 * Nothing in it is written by hand, so `npm run openapi` and `GET /openapi.json` agree with the
 * code.
 */
export function openApiDocument(
  operations: readonly Operation[],
  root: protobuf.Root = loadProtoRoot(),
): JsonSchema {
  const schemas = new ProtoJsonSchemas(ERROR_DETAIL_TYPES.map((name) => root.lookupType(name)));
  const errorSchema = schemas.ref(root.lookupType('google.rpc.Status'));
  const status = schemas.components['google.rpc.Status']!;
  // Every error body has all three (json-errors.ts), unlike a proto3 message in general.
  status.required = ['code', 'message', 'details'];
  status.description = 'Every failure: a gRPC status code, a message and the details.';

  const paths: Record<string, Record<string, object>> = {};
  const responses: Record<string, object> = {};
  const tags = new Map<string, string | null>();
  for (const { operation, requestType, responseType } of protoMethods(root, operations).values()) {
    const service = root.lookupService(operation.grpc.service);
    tags.set(service.name, service.comment);
    const pathFields = [...operation.http.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const path = operation.http.path.replace(/:(\w+)/g, '{$1}');
    const bodyName = componentName(requestType);
    if (takesBody(operation)) {
      schemas.components[bodyName] = requestBodySchema(
        operation.schema,
        bodyName,
        requestType,
        pathFields,
      );
    }
    const requestSchema = operation.schema as { properties?: Record<string, JsonSchema> };
    (paths[path] ??= {})[operation.http.method.toLowerCase()] = {
      operationId: operation.name,
      summary: operation.name.replace(/(?<=[a-z])(?=[A-Z])/g, ' '),
      description: service.methods[operation.grpc.method]!.comment ?? undefined,
      tags: [service.name],
      'x-grpc-method': `${operation.grpc.service}/${operation.grpc.method}`,
      'x-permission': operation.permission,
      parameters: [
        ...pathFields.map((name) => ({
          name,
          in: 'path',
          required: true,
          description: requestType.fields[name]?.comment ?? undefined,
          schema: structuredClone(requestSchema.properties?.[name] ?? { type: 'string' }),
        })),
        ...(operation.permission === 'authenticated'
          ? []
          : [{ $ref: '#/components/parameters/OrgId' }]),
        ...(operation.reads ? [{ $ref: '#/components/parameters/AfterSequence' }] : []),
        ...(honorsIfMatch(operation.handle) ? [{ $ref: '#/components/parameters/IfMatch' }] : []),
        { $ref: '#/components/parameters/RequestId' },
      ],
      ...(takesBody(operation) && {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${bodyName}` } } },
        },
      }),
      responses: {
        '200': {
          description: 'Done.',
          headers: {
            'x-request-id': REQUEST_ID_HEADER,
            ...(answersEtag(responseType) && { etag: { $ref: '#/components/headers/ETag' } }),
          },
          content: { 'application/json': { schema: schemas.ref(responseType) } },
        },
        ...errorResponses(operation, errorSchema, responses),
      },
    };
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'Identity service',
      version: 'v1',
      description:
        'Users, organizations and projects. Each operation is also served over gRPC and gRPC-web (`x-grpc-method`), with the same messages and errors. Generated from proto/ and schemas/requests/ by `npm run openapi`.',
    },
    tags: [...tags].map(([name, description]) => ({ name, description: description ?? undefined })),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(schemas.components).sort(([a], [b]) => a.localeCompare(b)),
      ),
      responses,
      parameters: {
        OrgId: {
          name: 'x-service-orgid',
          in: 'header',
          required: false,
          description:
            "The organization to act in; the caller's own when absent. An unknown one is refused like one without the permission (403).",
          schema: { type: 'string' },
        },
        AfterSequence: {
          name: AFTER_SEQUENCE_HEADER,
          in: 'header',
          required: false,
          description:
            "Read your writes: the `details.sequence` of up to 20 writes, comma-separated. The read answers once the read model shows each (it waits at most 5 s, then 503 READ-MODEL-BEHIND); without it the read answers at once, from a read model that may lag the writes by the worker's delay.",
          schema: { type: 'string', example: '4711' },
        },
        IfMatch: {
          name: IF_MATCH_HEADER,
          in: 'header',
          required: false,
          description:
            "No lost updates: the `ETag` of the state the change was made from (a read's, or an earlier change's), or `*`. When the resource changed since, the answer is 412 RESOURCE-CHANGED and nothing is stored; checked under the lock of the transaction that writes. The ETag of a project's roles, applications and grants is the project's, of a user's grants the user's.",
          schema: { type: 'string', example: '"4711"' },
        },
        RequestId: {
          name: 'x-request-id',
          in: 'header',
          required: false,
          description:
            'An id for the call, echoed in the response and carried by its log lines; a new one is made when absent or implausible.',
          schema: { type: 'string' },
        },
      },
      headers: RESPONSE_HEADERS,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'An access token signed by a key of JWKS_FILE/JWKS_URL, with the expected `iss` and `aud`; `sub` names the calling user (`identityctl token issue --user <id>`).',
        },
      },
    },
  };
}

/** The document as `npm run openapi` writes it to docs/openapi.json. */
export function serializeOpenApi(document: JsonSchema): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Whether the answer of `responseType` shows one state, whose sequence its ETag is. */
function answersEtag(responseType: protobuf.Type): boolean {
  if (responseType.fields.details) return !responseType.fields.result;
  // A Get's answer holds its one resource, with that resource's details.
  const [only, ...others] = responseType.fieldsArray;
  const resource = only?.resolve().resolvedType as protobuf.Type | null | undefined;
  return others.length === 0 && !!resource?.fields?.details;
}
