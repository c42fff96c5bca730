import { createWriteStream, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import importSchema from '../../../../schemas/requests/import-human-user.schema.json' with { type: 'json' };
import type { PasswordPolicy } from '../../../../shared/config/config.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { RequestSchemas } from '../../validation/request-validator.js';
import { sourceBytes } from './export-files.js';
import { Progress, type Standing } from './progress.js';
import type { Source, SourceRecord } from './sources.js';

export interface MigrationOptions {
  source: Source;
  /** The size of the source's files in bytes, against which progress is measured. */
  sourceSize: number;
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
  /** Told where the run stands after each batch; a bar or a log line (Progress) unless given. */
  progress?: { update(standing: Standing): void; stop(): void };
}

export interface MigrationSummary {
  inserted: number;
  alreadyThere: number;
  refused: number;
  /** Users imported with part of their record left behind (said in the report). */
  partial: number;
  /** Users imported deactivated, as the source had them disabled or blocked. */
  deactivated: number;
  /** Records a checkpoint said were done before this run. */
  resumedAfter: number;
  seconds: number;
}

/** A batch's JSON stays below this, under the service's default 1 MiB request limit. */
const MAX_BATCH_BYTES = 900_000;
const PATH = '/management/v1/users/human/_import-batch';
const deactivationPath = (userId: string) =>
  `/management/v1/users/${encodeURIComponent(userId)}/_deactivate`;

interface Batch {
  /** The ordinal (from 1, over the whole source) of its last record. */
  last: number;
  records: SourceRecord[];
  /** Each request's JSON, made once: for the batch's size, then its body. */
  texts: Map<SourceRecord, string>;
  bytes: number;
}

type Outcome =
  { taken: 'inserted' | 'alreadyThere'; userId?: string } | { errorId: string; message: string };

const zip = <A, B>(as: A[], bs: B[]): [A, B][] => as.map((a, i) => [a, bs[i]!]);

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
  const counts = { inserted: 0, alreadyThere: 0, refused: 0, partial: 0, deactivated: 0 };
  const said = (record: SourceRecord, what: object) => {
    const { file, position, userName, externalId } = record;
    report.write(`${JSON.stringify({ file, position, userName, externalId, ...what })}\n`);
  };
  const refuse = (record: SourceRecord, errorId: string, message: string) => {
    counts.refused++;
    said(record, { errorId, message });
  };
  /** A user in, counted once, with what of its record stayed behind. */
  const take = (record: SourceRecord, count: 'inserted' | 'alreadyThere') => {
    counts[count]++;
    if (!record.notes) return;
    counts.partial++;
    for (const note of record.notes) said(record, { imported: true, message: note });
  };
  const progress = options.progress ?? new Progress(options.log);
  const check = options.dryRun && new RequestSchemas(options.dryRun.policy).compile(importSchema);
  const pending = new Map<number, Promise<void>>();
  const done = new Set<number>();
  let ordered = resumedAfter;
  let batch: Batch = { last: 0, records: [], texts: new Map(), bytes: 0 };
  let ordinal = 0;

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
    progress.update({
      done: counts.inserted + counts.alreadyThere + counts.refused,
      refused: counts.refused,
      resumable: ordered,
      read: Math.min(1, sourceBytes.read / Math.max(options.sourceSize, 1)),
    });
  };

  /** What became of each user of a batch, checked or sent. */
  const outcomes = async (users: SourceRecord[], texts: Batch['texts']): Promise<Outcome[]> => {
    if (check)
      return users.map((record) => {
        try {
          check(record.request);
          return { taken: 'inserted' };
        } catch (error) {
          return { errorId: 'REQUEST-INVALID', message: describe(error) };
        }
      });
    if (users.length === 0) return [];
    const body =
      `{"users":[${users.map((record) => texts.get(record)).join(',')}],` +
      `"sendInitializationEmail":${options.sendInitializationEmail}}`;
    return (await post(options, body)).map((result) =>
      result.error
        ? { errorId: result.error.id, message: result.error.message }
        : { taken: result.alreadyExisted ? 'alreadyThere' : 'inserted', userId: result.userId },
    );
  };

  /**
   * The users the source had disabled, deactivated once imported (DeactivateUser; one
   * deactivated already, by an earlier run of a replayed batch, is left so). Before the
   * checkpoint moves past their batch, so that a run killed in between does it on resuming.
   */
  const deactivate = async (taken: [SourceRecord, Outcome | undefined][]) => {
    const due = taken.flatMap(([record, outcome]) =>
      record.deactivated && outcome && 'taken' in outcome ? [{ record, outcome }] : [],
    );
    await Promise.all(
      due.map(async ({ record, outcome }) => {
        if (!check) {
          const answer = await call(options, 'POST', deactivationPath(outcome.userId!), '{}');
          const { details } = (await answer.json()) as { details?: { id?: string }[] };
          if (!answer.ok && details?.at(-1)?.id !== 'USER-NOT-ACTIVE')
            throw new Error(`the service did not deactivate ${outcome.userId}: ${answer.status}`);
        }
        counts.deactivated++;
        said(record, { imported: true, message: `imported deactivated: ${record.deactivated}` });
      }),
    );
  };

  /** A batch checked or sent, then each of its records counted and reported in source order. */
  const send = async (sent: Batch) => {
    const users = sent.records.filter((record) => record.request);
    const answered = zip(users, await outcomes(users, sent.texts));
    await deactivate(answered);
    const answers = new Map(answered);
    for (const record of sent.records) {
      const outcome = answers.get(record);
      if (record.error) refuse(record, record.errorId ?? 'SOURCE-UNREADABLE', record.error);
      else if (outcome && 'taken' in outcome) take(record, outcome.taken);
      else if (outcome) refuse(record, outcome.errorId, outcome.message);
    }
    settle(sent);
  };

  const flush = async () => {
    if (batch.records.length === 0) return;
    const sending = batch;
    batch = { last: 0, records: [], texts: new Map(), bytes: 0 };
    const unfinished = () => [...pending].filter(([last]) => !done.has(last));
    while (unfinished().length >= options.inFlight)
      await Promise.race(unfinished().map(([, sending]) => sending));
    pending.set(sending.last, send(sending));
  };

  for await (let record of options.source) {
    ordinal++;
    if (ordinal <= resumedAfter) continue;
    const text = record.request && JSON.stringify(record.request);
    let bytes = text ? Buffer.byteLength(text) + 1 : 0;
    if (bytes > MAX_BATCH_BYTES) {
      // Alone it would still be more than the service takes in one request.
      const error = `${bytes} bytes of JSON, more than a batch may carry (${MAX_BATCH_BYTES})`;
      record = { ...record, request: undefined, errorId: 'SOURCE-TOO-LARGE', error };
      bytes = 0;
    }
    if (batch.records.length >= options.batchSize || batch.bytes + bytes > MAX_BATCH_BYTES)
      await flush();
    batch.records.push(record);
    if (text && bytes > 0) batch.texts.set(record, text);
    batch.bytes += bytes;
    batch.last = ordinal;
  }
  await flush();
  await Promise.all(pending.values());
  progress.stop();
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
async function post(options: MigrationOptions, body: string): Promise<BatchResult[]> {
  const response = await call(options, 'POST', PATH, body);
  if (response.ok) return ((await response.json()) as { results: BatchResult[] }).results;
  const text = await response.text();
  throw new Error(`the service refused the batch: ${response.status} ${text.slice(0, 300)}`);
}

/**
 * One call of the service as the migration's caller, tried again (with back-off, ten times at
 * most) while the service is unreachable, limits the rate (429) or fails (5xx); any other answer
 * is the caller's to read.
 */
async function call(
  options: MigrationOptions,
  method: string,
  path: string,
  body: string,
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetch(new URL(path, options.url), {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${options.token}`,
          ...(options.orgId && { 'x-service-orgid': options.orgId }),
        },
        body,
      });
    } catch (error) {
      if (attempt >= 10) throw error;
    }
    if (response && response.status !== 429 && response.status < 500) return response;
    if (attempt >= 10)
      throw new Error(`the service did not take the call: ${response?.status ?? 'no answer'}`);
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
