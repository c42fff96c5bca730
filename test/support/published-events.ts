import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { CloudEvent } from '../../shared/events/cloud-event.js';
import type { TestService } from './test-service.js';
import type { TopicReader } from './topic-reader.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

let compiled: ReturnType<typeof compile> | undefined;

function catalogue() {
  return (compiled ??= compile());
}

/** The published event catalogue: the envelope and one schema per type. */
function compile(): { envelope: ValidateFunction; data: Map<string, ValidateFunction> } {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const dir = join(process.cwd(), 'schemas/events');
  const data = new Map<string, ValidateFunction>();
  for (const file of readdirSync(dir).filter(
    (name) => name.endsWith('.schema.json') && name !== 'cloudevent.schema.json',
  )) {
    data.set(
      file.replace('.schema.json', ''),
      ajv.compile(JSON.parse(readFileSync(join(dir, file), 'utf8'))),
    );
  }
  return {
    envelope: ajv.compile(JSON.parse(readFileSync(join(dir, 'cloudevent.schema.json'), 'utf8'))),
    data,
  };
}

/** Waits for every recorded event of the aggregate and checks each against the row and schemas. */
export async function publishedAsRecorded(
  service: TestService,
  reader: TopicReader,
  aggregateId: string,
  topic: string,
): Promise<CloudEvent[]> {
  const schemas = catalogue();
  const recorded = await service.events(aggregateId);
  await reader.waitFor(
    () => reader.of(aggregateId).length >= recorded.length,
    30_000,
    `${recorded.length} events of ${aggregateId}`,
  );
  const messages = reader.received.filter((message) => message.event.subject === aggregateId);
  expect(messages.map((message) => message.event.id)).to.deep.equal(
    recorded.map((event) => event.id),
  );
  messages.forEach(({ topic: actualTopic, key, event }, index) => {
    const row = recorded[index]!;
    expect(actualTopic).to.equal(topic);
    expect(key).to.equal(aggregateId);
    expect(event).to.deep.include({
      specversion: '1.0',
      type: row.type,
      subject: aggregateId,
      time: row.createdAt.toISOString(),
      sequence: row.position,
      resourceowner: row.orgId,
      source: 'urn:identity-service',
      dataschema: `https://identity.example/schemas/events/${row.type}.schema.json`,
    });
    expect(event.data).to.deep.equal(row.payload);
    expect(schemas.envelope(event), JSON.stringify(schemas.envelope.errors)).to.equal(true);
    const dataSchema = schemas.data.get(event.type);
    expect(dataSchema, `a schema for ${event.type}`).to.not.equal(undefined);
    expect(dataSchema!(event.data), JSON.stringify(dataSchema!.errors)).to.equal(true);
  });
  return messages.map((message) => message.event);
}
