import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { ERROR_CATALOGUE } from '../../shared/errors/error-catalogue.js';
import { StatusCode } from '../../shared/errors/status-code.js';
import { referencePages } from '../../shared/reference/reference-pages.js';

describe('the reference pages (docs/reference/), generated from the code', () => {
  let pages: Record<string, string>;
  before(async function () {
    this.timeout(20_000);
    pages = await referencePages();
  });

  it('are committed as `npm run reference` writes them', () => {
    for (const [path, page] of Object.entries(pages))
      expect(readFileSync(path, 'utf8'), `${path}: run npm run reference`).to.equal(page);
  });

  it('list every error id with its code and HTTP status', () => {
    const errors = pages['docs/reference/errors.md']!;
    for (const [id, entry] of Object.entries(ERROR_CATALOGUE)) {
      const row = errors.split('\n').find((line) => line.startsWith(`| \`${id}\``));
      expect(row, id).to.be.a('string');
      const [, , code, http] = row!.split('|').map((cell) => cell.trim());
      expect(code, id).to.equal(`${entry.code} ${StatusCode[entry.code]}`);
      expect(http, id).to.equal('http' in entry ? String(entry.http) : '—');
    }
  });

  it('list every variable of .env.example, each once', () => {
    const configuration = pages['docs/reference/configuration.md']!;
    const variables = readFileSync('.env.example', 'utf8')
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(variables).to.have.length.greaterThan(50);
    for (const variable of variables)
      expect(configuration.split(`| \`${variable}\` `), variable).to.have.length(2);
  });
});
