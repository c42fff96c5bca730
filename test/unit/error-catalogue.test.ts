import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CATALOGUE, type CatalogueEntry } from '../../shared/errors/error-catalogue.js';

/** `| condition | 3 INVALID_ARGUMENT | 400 | \`REQUEST-INVALID\` |` → one row per id. */
function readmeErrorTable(): Map<string, { code: number; http?: number }> {
  const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Errors'), readme.indexOf('\n## Rules'));
  const rows = new Map<string, { code: number; http?: number }>();
  for (const line of section.split('\n').filter((row) => /^\|.*`[A-Z-]+`/.test(row))) {
    const [, , code, http, ids] = line.split('|').map((cell) => cell.trim());
    for (const [, id] of ids!.matchAll(/`([A-Z-]+)`/g)) {
      rows.set(id!, {
        code: Number.parseInt(code!, 10),
        ...(/^\d+$/.test(http!) && { http: Number(http) }),
      });
    }
  }
  return rows;
}

describe('the error catalogue', () => {
  it("is the README's error table: every id with its code and HTTP status", () => {
    const documented = readmeErrorTable();
    const catalogued = new Map(
      Object.entries(ERROR_CATALOGUE).map(([id, entry]: [string, CatalogueEntry]) => [
        id,
        { code: entry.code, ...(entry.http !== undefined && { http: entry.http }) },
      ]),
    );
    expect(Object.fromEntries(documented)).to.deep.equal(Object.fromEntries(catalogued));
  });
});
