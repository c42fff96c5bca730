import { DiagnosticSeverity, Parser, fromFile } from '@asyncapi/parser';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AGGREGATE_TYPES } from '../../shared/events/cloud-event.js';
import type { EventType } from '../../shared/events/event-types.js';
import { EVENT_SAMPLES as SAMPLES } from '../support/event-samples.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const SCHEMAS = join(process.cwd(), 'schemas');
const EVENT_SCHEMAS = join(SCHEMAS, 'events');
const SCHEMA_BASE = 'https://identity.example/schemas/events/';

const EVENT_TYPES = Object.keys(SAMPLES).sort();

/**
 * The event types downstream services are promised. The service records these and one more,
 * `project.added`, which downstream services may ignore.
 */
const CONTRACT_TYPES = [
  'user.human.added',
  'user.human.profile.changed',
  'user.human.email.verified',
  'user.human.email.changed',
  'user.human.email.code.requested',
  'user.human.email.code.added',
  'user.human.phone.verified',
  'user.human.password.set',
  'user.human.otp.added',
  'user.idp.link.added',
  'user.idp.link.removed',
  'user.human.passwordless.code.added',
  'user.human.init.code.added',
  'user.human.init.code.requested',
  'user.human.init.code.verified',
  'user.human.password.changed',
  'user.human.password.hash.upgraded',
  'user.human.signin.succeeded',
  'user.human.signin.failed',
  'user.human.locked',
  'user.human.passkey.added',
  'user.human.passkey.renamed',
  'user.human.passkey.removed',
  'user.human.passwordless.code.requested',
  'user.human.password.code.requested',
  'user.human.password.code.added',
  'user.human.unlocked',
  'user.human.phone.changed',
  'user.human.phone.removed',
  'user.human.otp.removed',
  'user.human.otp.pending.added',
  'user.human.otp.verified',
  'user.human.session.ended',
  'user.human.deactivated',
  'user.human.reactivated',
  'user.human.removed',
  'project.changed',
  'project.deactivated',
  'project.reactivated',
  'project.removed',
  'user.grant.added',
  'user.grant.changed',
  'user.grant.removed',
  'project.application.added',
  'project.application.changed',
  'project.application.removed',
  'project.role.added',
  'project.role.changed',
  'project.role.removed',
  'project.grant.added',
  'project.grant.changed',
  'project.grant.removed',
  'org.label.policy.changed',
  'user.machine.added',
  'user.machine.changed',
  'user.machine.deactivated',
  'user.machine.reactivated',
  'user.machine.locked',
  'user.machine.unlocked',
  'user.machine.removed',
  'user.machine.secret.added',
  'user.machine.secret.removed',
  'user.machine.key.added',
  'user.machine.key.removed',
  'user.pat.added',
  'user.pat.removed',
  'user.metadata.set',
  'user.metadata.removed',
  'user.username.changed',
  'user.externalid.changed',
  'org.member.added',
  'org.member.changed',
  'org.member.removed',
  'org.added',
  'org.changed',
  'org.deactivated',
  'org.reactivated',
  'org.login.policy.added',
  'org.login.policy.changed',
  'org.login.policy.removed',
  'org.login.policy.idp.added',
  'org.login.policy.idp.removed',
  'idp.config.added',
  'idp.config.changed',
  'idp.config.removed',
  'idp.config.deactivated',
  'idp.config.reactivated',
];

/** The instance default's events, beside the contract's. */
const INSTANCE_TYPES = [
  'instance.label.policy.changed',
  'instance.login.policy.changed',
  'instance.login.policy.idp.added',
  'instance.login.policy.idp.removed',
];

/**
 * Property names that would carry a secret; `codeId` and `tokenId` (ids, not the code or token),
 * an application's `idTokenRoleAssertion` / `accessTokenRoleAssertion` (switches, not tokens), a
 * login policy's `allowUsernamePassword` (a switch), a machine key's `keyId`, a project role's
 * `key`, and an identity provider's `tokenEndpoint` (a URL), `isIdTokenMapping` (a switch) and
 * `clientSecretChanged` (whether, not what) are allowed.
 */
const SECRET_NAME =
  /(?<!allowUsername)password|passwd|hash|secret(?!changed)|token(?!RoleAssertion|id|endpoint|mapping)|otp|private.?key|code(?!id)|jwk|pem/i;

type Schema = Record<string, unknown>;

function readSchema(file: string): Schema {
  return JSON.parse(readFileSync(join(EVENT_SCHEMAS, file), 'utf8')) as Schema;
}

function typeSchemaFiles(): string[] {
  return readdirSync(EVENT_SCHEMAS)
    .filter((file) => file.endsWith('.schema.json') && file !== 'cloudevent.schema.json')
    .sort();
}

/** Every property name declared anywhere in a schema, with its JSON path. */
function propertyNames(node: unknown, path = '#'): { name: string; path: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => propertyNames(item, `${path}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const nested = propertyNames(value, `${path}/${key}`);
    if (key !== 'properties' || value === null || typeof value !== 'object') return nested;
    return [...Object.keys(value).map((name) => ({ name, path })), ...nested];
  });
}

function schemaValidator(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addSchema(readSchema('cloudevent.schema.json'));
  for (const file of typeSchemaFiles()) ajv.addSchema(readSchema(file));
  return ajv;
}

function validatorOf(ajv: Ajv, id: string): ValidateFunction {
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`no schema ${id}`);
  return validate;
}

describe('event catalogue (schemas/events, schemas/asyncapi.yaml)', () => {
  describe('AsyncAPI document', () => {
    it('parses and validates without errors, with a channel per aggregate and a message per event type', async () => {
      const { document, diagnostics } = await fromFile(
        new Parser(),
        join(SCHEMAS, 'asyncapi.yaml'),
      ).parse();
      const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
      expect(errors.map((d) => `${d.path.join('.')}: ${d.message}`)).to.deep.equal([]);
      expect(document, 'parsed document').to.not.equal(undefined);
      expect(document!.version()).to.equal('3.0.0');
      const addresses = document!
        .channels()
        .all()
        .map((channel) => channel.address());
      expect(addresses).to.have.members([
        'identity.user.v1',
        'identity.project.v1',
        'identity.org.v1',
        'identity.instance.v1',
        'identity.idp.v1',
      ]);
      const names = document!
        .messages()
        .all()
        .map((message) => message.name());
      expect([...names].sort()).to.deep.equal(EVENT_TYPES);
    });

    it('puts each message on the topic of its aggregate, keyed by a string', async () => {
      const { document } = await fromFile(new Parser(), join(SCHEMAS, 'asyncapi.yaml')).parse();
      for (const channel of document!.channels().all()) {
        const aggregate = channel.address()!.split('.')[1];
        for (const message of channel.messages().all()) {
          expect(message.name(), channel.address()!).to.match(new RegExp(`^${aggregate}\\.`));
          expect(message.bindings().get('kafka')?.value()).to.have.nested.property(
            'key.type',
            'string',
          );
        }
      }
      const operations = document!.operations().all();
      expect(operations.map((operation) => operation.action())).to.deep.equal(
        AGGREGATE_TYPES.map(() => 'send'),
      );
    });
  });

  describe('the list of event types', () => {
    it('has one schema file per event type', () => {
      expect(typeSchemaFiles()).to.deep.equal(EVENT_TYPES.map((type) => `${type}.schema.json`));
    });

    it('equals the type enum of the CloudEvents envelope', () => {
      const envelope = readSchema('cloudevent.schema.json') as {
        properties: { type: { enum: string[] } };
      };
      expect([...envelope.properties.type.enum].sort()).to.deep.equal(EVENT_TYPES);
    });

    it("equals the contract's and the issues' list plus project.added and the instance default's", () => {
      expect(EVENT_TYPES).to.deep.equal(
        [...CONTRACT_TYPES, 'project.added', ...INSTANCE_TYPES].sort(),
      );
    });
  });

  describe('schemas', () => {
    const ajv = schemaValidator();

    for (const type of Object.keys(SAMPLES) as EventType[]) {
      describe(type, () => {
        const id = `${SCHEMA_BASE}${type}.schema.json`;
        const schema = readSchema(`${type}.schema.json`) as Schema & { required?: string[] };

        it('is a draft-07 schema with its $id and the compatibility policy', () => {
          expect(schema.$schema).to.equal('http://json-schema.org/draft-07/schema#');
          expect(schema.$id).to.equal(id);
          expect(schema.title).to.be.a('string');
          expect(schema.description).to.include(
            'Changes only add optional fields; a breaking change is a new type version',
          );
          expect(schema.additionalProperties).to.equal(true);
        });

        it('accepts a realistic payload and one with an extra field', () => {
          const validate = validatorOf(ajv, id);
          expect(validate(SAMPLES[type]), JSON.stringify(validate.errors)).to.equal(true);
          expect(validate({ ...SAMPLES[type], addedLater: 'x' })).to.equal(true);
        });

        it('rejects a payload missing any required field', () => {
          const validate = validatorOf(ajv, id);
          expect(validate(null)).to.equal(false);
          for (const field of schema.required ?? []) {
            const { [field]: _omitted, ...rest } = SAMPLES[type] as Record<string, unknown>;
            expect(validate(rest), `without ${field}`).to.equal(false);
          }
        });

        it('is accepted inside a CloudEvents envelope', () => {
          const validate = validatorOf(ajv, `${SCHEMA_BASE}cloudevent.schema.json`);
          const event = {
            specversion: '1.0',
            id: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f01',
            source: 'urn:identity-service',
            type,
            subject: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f02',
            time: '2025-11-03T09:30:00.000Z',
            datacontenttype: 'application/json',
            dataschema: id,
            data: SAMPLES[type],
            sequence: '9007199254740993',
            resourceowner: '01927b3e-6f1a-7c3d-8e55-4b9a0d2c1f03',
          };
          expect(validate(event), JSON.stringify(validate.errors)).to.equal(true);
          for (const field of Object.keys(event)) {
            const { [field]: _omitted, ...rest } = event as Record<string, unknown>;
            expect(validate(rest), `without ${field}`).to.equal(false);
          }
          expect(validate({ ...event, sequence: '12a' })).to.equal(false);
          expect(validate({ ...event, type: 'user.human.deleted' })).to.equal(false);
        });
      });
    }

    it('requires exactly the non-optional fields, with null allowed where the type allows it', () => {
      const profile = readSchema('user.human.profile.changed.schema.json') as {
        required: string[];
        properties: Record<string, { type?: unknown; enum?: unknown }>;
      };
      expect(profile.required).to.have.members(Object.keys(SAMPLES['user.human.profile.changed']));
      expect(profile.properties.nickName!.type).to.deep.equal(['string', 'null']);
      expect(profile.properties.firstName!.type).to.equal('string');
      expect(profile.properties.gender!.enum).to.have.lengthOf(4);
      const validate = validatorOf(ajv, `${SCHEMA_BASE}user.human.profile.changed.schema.json`);
      const sample = SAMPLES['user.human.profile.changed'];
      expect(validate({ ...sample, gender: 'GENDER_OTHER' })).to.equal(false);
      expect(validate({ ...sample, firstName: null })).to.equal(false);
      const code = validatorOf(ajv, `${SCHEMA_BASE}user.human.passwordless.code.added.schema.json`);
      const codeSample = SAMPLES['user.human.passwordless.code.added'];
      expect(code({ ...codeSample, expiration: 'next tuesday' })).to.equal(false);
    });

    it('declares no property whose name suggests a secret', () => {
      const files = ['cloudevent.schema.json', ...typeSchemaFiles()];
      const secrets = files.flatMap((file) =>
        propertyNames(readSchema(file))
          .filter(({ name }) => SECRET_NAME.test(name))
          .map(({ name, path }) => `${file} ${path}: ${name}`),
      );
      expect(secrets).to.deep.equal([]);
      const seen = files.flatMap((file) => propertyNames(readSchema(file)).map(({ name }) => name));
      const allowed = [
        'codeId',
        'tokenId',
        'keyId',
        'tokenEndpoint',
        'isIdTokenMapping',
        'clientSecretChanged',
      ];
      expect(seen).to.include.members([...allowed, 'nickName', 'resourceowner']);
      expect(allowed.filter((n) => SECRET_NAME.test(n))).to.deep.equal([]);
      const caught = [
        'otpSecret',
        'code',
        'passwordHash',
        'initCode',
        'token',
        'clientSecret',
        'privateKey',
        'publicJwk',
        'keyPem',
      ].filter((n) => SECRET_NAME.test(n));
      expect(caught).to.have.lengthOf(9);
    });
  });
});
