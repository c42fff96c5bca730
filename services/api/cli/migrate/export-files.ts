import { createReadStream, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import parserModule from 'stream-json';
import pickModule from 'stream-json/filters/Pick.js';
import streamArrayModule from 'stream-json/streamers/StreamArray.js';

type Stream = NodeJS.ReadWriteStream;

/** How many bytes of the source's files have been read: the progress bar's measure. */
export const sourceBytes = { read: 0 };

/**
 * A file's bytes, gunzipped where its name ends in `.gz` (as Auth0 hands out its exports), its
 * reading counted in `sourceBytes` unless it is not the source itself (`counted` false).
 */
export function openExport(file: string, counted = true): NodeJS.ReadableStream {
  const bytes = createReadStream(file);
  if (counted) bytes.on('data', (chunk) => (sourceBytes.read += chunk.length));
  return file.endsWith('.gz') ? bytes.pipe(createGunzip()) : bytes;
}

/**
 * A file up to this size is parsed whole (JSON.parse is many times faster than a streaming
 * parser); a larger one is streamed. Keycloak writes 50 users a file by default, Firebase one
 * file of everyone: either way memory stays bounded, whatever the export's size.
 */
const PARSED_WHOLE_BYTES = 8 * 1024 * 1024;

/**
 * The items of the array at `key` of a JSON file's top object, one at a time: parsed whole when
 * small, else streamed (stream-json) in constant memory. A file that is not JSON rejects the
 * iteration.
 */
export async function* jsonArrayItems<T>(
  file: string,
  key: string,
  wholeUpTo = PARSED_WHOLE_BYTES,
): AsyncIterable<{ value: T }> {
  const { size } = statSync(file);
  if (file.endsWith('.gz') || size > wholeUpTo) {
    yield* streamedArrayItems<T>(file, key);
    return;
  }
  const text = await readFile(file, 'utf8');
  sourceBytes.read += size;
  const items = (JSON.parse(text) as Record<string, unknown> | null)?.[key];
  for (const value of Array.isArray(items) ? (items as T[]) : []) yield { value };
}

function streamedArrayItems<T>(file: string, key: string): AsyncIterable<{ value: T }> {
  const parser = (parserModule as unknown as { parser: () => Stream }).parser();
  const pick = (pickModule as unknown as { pick: (o: object) => Stream }).pick({ filter: key });
  const items = (streamArrayModule as unknown as { streamArray: () => Stream }).streamArray();
  return openExport(file).pipe(parser).pipe(pick).pipe(items) as AsyncIterable<{ value: T }>;
}

/** One line of a JSON-lines file: its object, or that it is not one. */
export type JsonLine<T> = { position: number } & ({ value: T } | { error: string });

/** The objects of a JSON-lines file (NDJSON), line by line, its blank lines skipped. */
export async function* jsonLines<T>(file: string, counted = true): AsyncIterable<JsonLine<T>> {
  let position = 0;
  const input = openExport(file, counted);
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    position++;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      yield { position, value: value as T };
    else yield { position, error: 'not a JSON object on this line' };
  }
}
