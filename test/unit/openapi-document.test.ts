import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import { openApiDocument, serializeOpenApi } from '../../services/api/openapi/openapi-document.js';
import { operations } from '../../services/api/operations/operations.js';
import { RequestSchemas } from '../../services/api/validation/request-validator.js';
import { DEFAULT_POLICY, OpenApiContract } from '../support/openapi-contract.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';

const COMMITTED = join(process.cwd(), 'docs/openapi.json');

describe('the OpenAPI document', () => {
  const document = openApiDocument(operations) as Record<string, any>;

  it('is committed as the generator writes it (npm run openapi), never edited by hand', () => {
    expect(
      readFileSync(COMMITTED, 'utf8') === serializeOpenApi(document),
      'docs/openapi.json differs from what the code generates: run `npm run openapi`',
    ).to.equal(true);
  });

  it('is a valid OpenAPI 3.1 document, references included', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors, JSON.stringify(result.errors)).to.equal(undefined);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('is checked by that validator: a dangling reference fails it', async () => {
    const broken = structuredClone(document);
    delete broken.components.schemas['identity.v1.ObjectDetails'];
    expect((await new Validator().validate(broken)).valid).to.equal(false);
  });

  it('has every schema valid as strict JSON Schema 2020-12, the dialect of OpenAPI 3.1', () => {
    const contract = new OpenApiContract(document);
    for (const name of Object.keys(document.components.schemas))
      expect(() => contract.compile(['components', 'schemas', name]), name).to.not.throw();
  });

  it('has each operation of operations.ts at its route, with its errors', () => {
    const listed = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
      ([path, item]) =>
        Object.entries(item).map(([method, operation]) => [
          operation.operationId,
          `${method.toUpperCase()} ${path}`,
        ]),
    );
    expect(listed).to.have.deep.members(
      operations.map((operation) => [
        operation.name,
        `${operation.http.method} ${operation.http.path.replace(/:(\w+)/g, '{$1}')}`,
      ]),
    );
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path][method].responses);
    expect(statuses('/auth/v1/users/me/profile', 'put')).to.deep.equal([
      '200',
      '400',
      '401',
      '412',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    expect(statuses('/auth/v1/users/me/profile', 'get')).to.include('404');
    expect(statuses('/management/v1/users/human/_import', 'post')).to.deep.equal([
      '200',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    expect(statuses('/management/v1/projects/{id}', 'put')).to.include.members([
      '403',
      '404',
      '409',
    ]);
    expect(
      document.components.responses['USER-ALREADY-EXISTS_USER-IDP-LINK-ALREADY-EXISTS'],
    ).to.have.nested.property('content.application/json.examples.USER-IDP-LINK-ALREADY-EXISTS');
  });

  it('describes the request bodies as the service validates them (draft-07 read as 2020-12)', () => {
    const contract = new OpenApiContract(document);
    const service = new RequestSchemas(DEFAULT_POLICY);
    const body = (name: string) =>
      contract.compile(['components', 'schemas', `identity.management.v1.${name}`]);
    const importUser = body('ImportHumanUserRequest');
    const serviceImport = service.compile(
      operations.find((operation) => operation.grpc.method === 'ImportHumanUser')!.schema,
    );
    const valid = {
      userName: 'ada',
      profile: { firstName: 'Ada', lastName: 'Lovelace' },
      email: { email: 'ada@example.com' },
      password: 'Sup3r-secret!',
    };
    const { password: _password, ...withoutPassword } = valid;
    const hashed = { ...withoutPassword, hashedPassword: { value: FOREIGN_VECTORS[0]!.encoded } };
    const both = { ...hashed, password: valid.password };
    for (const accepted of [valid, hashed]) {
      expect(importUser(accepted), JSON.stringify(importUser.errors)).to.equal(true);
      expect(() => serviceImport(accepted)).to.not.throw();
    }
    // `dependencies` of draft-07 became `dependentSchemas`: still refused by both.
    expect(importUser(both)).to.equal(false);
    expect(() => serviceImport(both)).to.throw();
    // The path's id is a parameter, and refused in the body as the service refuses it.
    const updateProject = body('UpdateProjectRequest');
    expect(updateProject({ name: 'Rocket' })).to.equal(true);
    expect(updateProject({ id: '1', name: 'Rocket' })).to.equal(false);
    expect(document.paths['/management/v1/projects/{id}'].put.parameters[0]).to.include({
      name: 'id',
      in: 'path',
      required: true,
    });
  });

  it('describes responses in the proto3 JSON mapping of the proto messages', () => {
    const schemas = document.components.schemas;
    expect(schemas['identity.v1.ObjectDetails'].properties).to.deep.include({
      sequence: { type: 'string', pattern: '^[0-9]+$' },
      changeDate: { type: 'string', format: 'date-time' },
      resourceOwner: { type: 'string' },
    });
    expect(schemas['identity.v1.Gender'].enum).to.include('GENDER_FEMALE');
    const registration =
      schemas['identity.management.v1.ImportHumanUserResponse.PasswordlessRegistration'];
    expect(registration.properties.lifetime).to.include({ type: 'string', deprecated: true });
    expect(schemas['google.rpc.Status'].required).to.deep.equal(['code', 'message', 'details']);
    expect(schemas['identity.v1.ErrorDetail'].properties['@type']).to.deep.equal({
      const: 'type.googleapis.com/identity.v1.ErrorDetail',
    });
  });

  it('holds responses to it closely: an undeclared status or field fails', () => {
    const contract = new OpenApiContract(document);
    const headers = new Headers({ 'x-request-id': 'r', etag: '"7"' });
    const details = { sequence: '7', changeDate: '2026-01-02T03:04:05.000Z', resourceOwner: 'o' };
    const check = (status: number, body: unknown, sent = headers) =>
      contract.check('PUT', '/management/v1/projects/p1', { status, body, headers: sent });
    expect(check(200, { details })).to.deep.equal([]);
    expect(check(200, { details: { ...details, sequence: 7 } })).to.have.length(1);
    expect(check(200, { details, extra: true })).to.have.length(1);
    expect(check(200, { details }, new Headers())).to.deep.equal([
      'PUT /management/v1/projects/{id} 200: no x-request-id header',
      'PUT /management/v1/projects/{id} 200: no etag header',
    ]);
    expect(check(418, {})).to.deep.equal([
      'PUT /management/v1/projects/{id} 418: the status is not declared',
    ]);
  });
});
