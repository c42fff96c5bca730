import { parse } from 'csv-parse';
import { jsonLines, openExport } from './export-files.js';

/** One record of an export, as a migration reads it: an ImportHumanUser request, or why not. */
export interface SourceRecord {
  file: string;
  /** Its place in the source, from 1: the line, or the row after the header. */
  position: number;
  userName?: string;
  externalId?: string;
  request?: Record<string, unknown>;
  /** Why the record cannot be imported, said in the report (under SOURCE-UNREADABLE unless
   * `errorId` says otherwise). */
  error?: string;
  errorId?: string;
  /** What of an imported record was left behind, said in the report too. */
  notes?: string[];
  /**
   * Why the user is imported deactivated (disabled or blocked in the source): the migration
   * deactivates them once imported, and says so in the report.
   */
  deactivated?: string;
}

/** Every user of a source, in order, read as they come: its memory stays flat. */
export type Source = AsyncIterable<SourceRecord>;

/**
 * Our own export (`identityctl export`): each line an ImportHumanUser request with its user's id,
 * which becomes the externalId where the user had none, so that a second run finds them.
 * Identity provider links keep only those whose configuration `idps` maps to one here.
 */
export async function* identitySource(file: string, idps: Map<string, string>): Source {
  for await (const line of jsonLines<Record<string, unknown>>(file)) {
    const { position } = line;
    if ('error' in line) {
      yield { file, position, error: line.error };
      continue;
    }
    const exported = line.value;
    const { userId, state, creationDate: _created, idps: links, ...request } = exported;
    const externalId = String(request.externalId ?? userId ?? '');
    const mapped = ((links as { configId: string }[] | undefined) ?? []).flatMap((link) => {
      const configId = idps.get(link.configId);
      return configId ? [{ ...link, configId }] : [];
    });
    yield {
      file,
      position,
      userName: String(request.userName ?? ''),
      externalId,
      request: { ...request, externalId, ...(mapped.length > 0 && { idps: mapped }) },
      ...(state !== undefined &&
        state !== 'active' && { deactivated: `${String(state)} in the export` }),
    };
  }
}

/** The fields a CSV column may be mapped to (`--map column=field`). */
export const CSV_FIELDS = [
  'userName',
  'externalId',
  'email',
  'emailVerified',
  'firstName',
  'lastName',
  'displayName',
  'nickName',
  'preferredLanguage',
  'phone',
  'phoneVerified',
  'passwordHash',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

const isTrue = (value: string | undefined) => /^(true|1|yes)$/i.test(value ?? '');

/** The parser of a CSV file with a header row: each row an object by the header's names. */
export const csvRows = () =>
  parse({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: true });

/** One CSV row as an import, by the mapping of its columns. */
export function csvRequest(row: Record<string, string>, map: Map<string, CsvField>) {
  const field: Partial<Record<CsvField, string>> = {};
  for (const [column, name] of map)
    if (row[column] !== undefined && row[column] !== '') field[name] = row[column];
  return {
    userName: field.userName ?? field.email,
    ...(field.externalId !== undefined && { externalId: field.externalId }),
    profile: {
      firstName: field.firstName,
      lastName: field.lastName,
      ...(field.displayName !== undefined && { displayName: field.displayName }),
      ...(field.nickName !== undefined && { nickName: field.nickName }),
      ...(field.preferredLanguage !== undefined && { preferredLanguage: field.preferredLanguage }),
    },
    email: { email: field.email, isEmailVerified: isTrue(field.emailVerified) },
    ...(field.phone !== undefined && {
      phone: { phone: field.phone, isPhoneVerified: isTrue(field.phoneVerified) },
    }),
    ...(field.passwordHash !== undefined && { hashedPassword: { value: field.passwordHash } }),
  };
}

/**
 * A CSV file with a header row (RFC 4180: quotes, commas and line breaks in fields), its columns
 * mapped to fields with `--map column=field`; a user without an externalId column gets none.
 */
export async function* csvSource(file: string, map: Map<string, CsvField>): Source {
  const rows = openExport(file).pipe(csvRows());
  let position = 0;
  try {
    for await (const row of rows as AsyncIterable<Record<string, string>>) {
      position++;
      const request = csvRequest(row, map);
      yield {
        file,
        position,
        userName: request.userName,
        ...(request.externalId !== undefined && { externalId: request.externalId }),
        request,
      };
    }
  } catch (error) {
    // A row the parser cannot read (an unclosed quote) ends the file: said at its place.
    yield { file, position: position + 1, error: (error as Error).message };
  }
}
