import { createWriteStream, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import importSchema from '../../../../schemas/requests/import-human-user.schema.json' with { type: 'json' };
import type { PasswordPolicy } from '../../../../shared/config/config.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { RequestSchemas } from '../../validation/request-validator.js';
import type { Source, SourceRecord } from './sources.js';

export interface MigrationOptions {
  source: Source;
  /** The service's address (`API_URL`) and a token of a caller with user.write there. */
  url: string;
  token: string;
  /** The organization (`x-service-orgid`); the token's own when none. */
  orgId?: string;
  batchSize: number;
  inFlight: number;
  sendInitializationEmail: boolean;
  /** Where the count of records done in order is kept, so that a killed run resumes there. */
  checkpoint: string;
  /** Where every refused record goes, as a JSON line. */
  report: string;
  /** Checks each record (conversion, ImportHumanUser's schema) and sends nothing. */
  dryRun?: { policy: PasswordPolicy };
  log(line: string): void;
}

export interface MigrationSummary {
  inserted: number;
  alreadyThere: number;
  refused: number;
  /** Records a checkpoint said were done before this run. */
  resumedAfter: number;
  seconds: number;
}

/** A batch's JSON stays below this, under the service's default 1 MiB request limit. */
const MAX_BATCH_BYTES = 900_000;
const PATH = '/management/v1/users/human/_import-batch';

interface Batch {
  /** The ordinal (from 1, over the whole source) of its last record. */
  last: number;
  records: SourceRecord[];
  bytes: number;
}

type BatchResult = {
  userId?: string;
  alreadyExisted?: boolean;
  error?: { id: string; message: string };
};

/**
 * Streams a source to ImportHumanUsers, `inFlight` batches at a time: each refused record goes to
 * the report and the rest go on; the checkpoint records how far the source is done in order, so a
 * run killed at any moment resumes there (a replayed batch is harmless: its externalIds answer
 * the users it made). Ends with what was inserted, already there, and refused.
 */
export async function runMigration(options: MigrationOptions): Promise<MigrationSummary> {
  const started = Date.now();
  // A dry run neither resumes nor leaves a checkpoint a real run would take for progress.
  const resumedAfter = options.dryRun ? 0 : readCheckpoint(options.checkpoint);
  const report = createWriteStream(options.report, { flags: resumedAfter > 0 ? 'a' : 'w' });
  const counts = { inserted: 0, alreadyThere: 0, refused: 0 };
  const refuse = (record: SourceRecord, errorId: string, message: string) => {
    counts.refused++;
    const { file, position, userName, externalId } = record;
    report.write(`${JSON.stringify({ file, position, userName, externalId, errorId, message })}\n`);
  };
  const check = options.dryRun && new RequestSchemas(options.dryRun.policy).compile(importSchema);
  const pending = new Map<number, Promise<void>>();
  const done = new Set<number>();
  let ordered = resumedAfter;
  let batch: Batch = { last: 0, records: [], bytes: 0 };
  let ordinal = 0;
  let lastLog = Date.now();

  const settle = (finished: Batch) => {
    done.add(finished.last);
    // The checkpoint moves over the batches finished in order, never past one still in flight.
    const inFlight = [...pending.keys()].filter((last) => !done.has(last));
    const horizon = Math.min(...inFlight, Infinity);
    const finishedInOrder = [...done].filter((last) => last < horizon);
    if (finishedInOrder.length > 0) {
      ordered = Math.max(ordered, ...finishedInOrder);
      for (const last of finishedInOrder) {
        done.delete(last);
        pending.delete(last);
      }
      if (!options.dryRun) writeCheckpoint(options.checkpoint, ordered);
    }
    if (Date.now() - lastLog >= 5000) {
      lastLog = Date.now();
      const total = counts.inserted + counts.alreadyThere + counts.refused;
      const rate = Math.round(total / ((Date.now() - started) / 1000));
      options.log(
        `migrate: ${total} done (${rate}/s), ${counts.refused} refused, resumable after ${ordered}`,
      );
    }
  };

  const send = async (sent: Batch) => {
    const users = sent.records.filter((record) => record.request);
    for (const record of sent.records)
      if (record.error) refuse(record, 'SOURCE-UNREADABLE', record.error);
    if (check) {
      for (const record of users) {
        try {
          check(record.request);
          counts.inserted++;
        } catch (error) {
          refuse(record, 'REQUEST-INVALID', describe(error));
        }
      }
    } else if (users.length > 0) {
      const body = {
        users: users.map((record) => record.request),
        sendInitializationEmail: options.sendInitializationEmail,
      };
      const results = await post(options, body);
      results.forEach((result, index) => {
        if (result.error) refuse(users[index]!, result.error.id, result.error.message);
        else if (result.alreadyExisted) counts.alreadyThere++;
        else counts.inserted++;
      });
    }
    settle(sent);
  };

  const flush = async () => {
    if (batch.records.length === 0) return;
    const sending = batch;
    batch = { last: 0, records: [], bytes: 0 };
    const unfinished = () => [...pending].filter(([last]) => !done.has(last));
    while (unfinished().length >= options.inFlight)
      await Promise.race(unfinished().map(([, sending]) => sending));
    pending.set(sending.last, send(sending));
  };

  for await (const record of options.source) {
    ordinal++;
    if (ordinal <= resumedAfter) continue;
    const bytes = record.request ? JSON.stringify(record.request).length + 1 : 0;
    if (batch.records.length >= options.batchSize || batch.bytes + bytes > MAX_BATCH_BYTES)
      await flush();
    batch.records.push(record);
    batch.bytes += bytes;
    batch.last = ordinal;
  }
  await flush();
  await Promise.all(pending.values());
  report.end();
  await once(report, 'finish');
  return { ...counts, resumedAfter, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

function describe(error: unknown): string {
  if (!(error instanceof ServiceError)) return String(error);
  return [error.message, ...error.fieldViolations.map((v) => `${v.field}: ${v.description}`)].join(
    '; ',
  );
}

/** One batch to the service; a 429, a 5xx or a lost connection is tried again, patiently. */
async function post(options: MigrationOptions, body: object): Promise<BatchResult[]> {
  for (let attempt = 1; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetch(new URL(PATH, options.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${options.token}`,
          ...(options.orgId && { 'x-service-orgid': options.orgId }),
        },
        body: JSON.stringify(body),
      });
    } catch (error) {
      if (attempt >= 10) throw error;
    }
    if (response?.ok) return ((await response.json()) as { results: BatchResult[] }).results;
    if (response && response.status !== 429 && response.status < 500) {
      const text = await response.text();
      throw new Error(`the service refused the batch: ${response.status} ${text.slice(0, 300)}`);
    }
    if (attempt >= 10)
      throw new Error(`the service did not take the batch: ${response?.status ?? 'no answer'}`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 250 * 2 ** attempt)));
  }
}

function readCheckpoint(file: string): number {
  if (!existsSync(file)) return 0;
  const { done } = JSON.parse(readFileSync(file, 'utf8')) as { done?: unknown };
  return typeof done === 'number' && Number.isInteger(done) && done >= 0 ? done : 0;
}

/** Written to a new file and renamed over the old one: a kill leaves one or the other whole. */
function writeCheckpoint(file: string, done: number): void {
  writeFileSync(`${file}.tmp`, JSON.stringify({ done }));
  renameSync(`${file}.tmp`, file);
}
