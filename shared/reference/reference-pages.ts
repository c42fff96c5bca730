import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';
import { loadConfig } from '../config/config.js';
import { ERROR_CATALOGUE, type CatalogueEntry } from '../errors/error-catalogue.js';
import { StatusCode } from '../errors/status-code.js';

/** The repository's root, from this module's source or its build under dist/. */
const ROOT = new URL(import.meta.url.includes('/dist/') ? '../../../' : '../../', import.meta.url);

const GENERATED = (source: string, command: string) =>
  `<!-- Generated from ${source} by \`${command}\`; a unit test fails while this differs. -->`;

/** Markdown table cells: pipes escaped, one line. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/**
 * docs/reference/errors.md: every error id of the catalogue, its code, HTTP status, when, and the
 * message a caller reads.
 */
export function errorsPage(): string {
  const rows = Object.entries(ERROR_CATALOGUE).map(([id, entry]: [string, CatalogueEntry]) => {
    const code = `${entry.code} ${StatusCode[entry.code]}`;
    return `| \`${id}\` | ${code} | ${entry.http ?? '—'} | ${cell(entry.when)} | ${cell(entry.message)} |`;
  });
  return `# Errors

${GENERATED('shared/errors/error-catalogue.ts', 'npm run reference')}

Every error carries its id in the \`identity.v1.ErrorDetail\` detail, the same over JSON, gRPC and
gRPC-web; the shape is in [the API guide](../api.md#errors). An id never changes its meaning. The
message is the one a caller reads unless the error knows more: a bad request lists its fields, a
rate limit its seconds, a passkey limit its number.

| id | gRPC code | HTTP | when | message |
| --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}

/** The sources whose doc comments say what each variable does. */
const CONFIG_SOURCES = [
  'shared/config/config.ts',
  'shared/config/config-sections.ts',
  'shared/config/passkey-config.ts',
];

/**
 * docs/reference/configuration.md: every variable the configuration reads, in the order it reads
 * them, with the doc comment of the setting that names it (`VARIABLE` in backticks).
 */
export function configurationPage(): string {
  const documented = documentedVariables();
  const rows = variablesRead().map((variable) => {
    const doc = documented.get(variable);
    if (!doc)
      throw new Error(`no doc comment in ${CONFIG_SOURCES.join(' or ')} names \`${variable}\``);
    return `| \`${variable}\` | ${cell(withoutName(doc, variable))} |`;
  });
  return `# Configuration

${GENERATED(CONFIG_SOURCES.join(', '), 'npm run reference')}

Every setting comes from an environment variable; \`.env.example\` lists them with their defaults.
A wrong value stops the start with one line per variable. Without \`DATABASE_URL\` the service runs
in its embedded mode (one process, SQLite, generated keys in \`DATA_DIR\`).

| variable | what it sets |
| --- | --- |
${rows.join('\n')}
`;
}

/** The variables `loadConfig` reads, in order, each once. */
function variablesRead(): string[] {
  const read: string[] = [];
  const env = new Proxy({} as Record<string, string | undefined>, {
    get: (_target, name) => {
      if (typeof name === 'string' && !read.includes(name)) read.push(name);
      return undefined;
    },
  });
  loadConfig(env);
  return read;
}

/**
 * Each variable with the doc comment that documents it: the one that names it as its own
 * (`VARIABLE`, followed by a comma, semicolon or colon: "`HTTP_PORT`, default 8080"), or else
 * the first that names it at all (two variables for one setting).
 */
function documentedVariables(): Map<string, string> {
  const own = new Map<string, string>();
  const named = new Map<string, string>();
  for (const path of CONFIG_SOURCES) {
    const text = readFileSync(new URL(path, ROOT), 'utf8');
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      if (ts.isPropertySignature(node)) {
        const doc = ts
          .getJSDocCommentsAndTags(node)
          .map((comment) => ts.getTextOfJSDocComment(comment.comment) ?? '')
          .join(' ');
        for (const [, variable, after] of doc.matchAll(/`([A-Z][A-Z0-9_]+)`([,;:]?)/g)) {
          if (after && !own.has(variable!)) own.set(variable!, doc);
          if (!named.has(variable!)) named.set(variable!, doc);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return new Map([...named, ...own]);
}

/** "HTTP port. `HTTP_PORT`, default 8080." → "HTTP port. Default 8080.": the name is the row's. */
function withoutName(doc: string, variable: string): string {
  return doc.replace(new RegExp(`\`${variable}\`[,;:]\\s*(\\w)?`), (_match, next?: string) =>
    next ? next.toUpperCase() : '',
  );
}

/**
 * The reference pages, by their path under the repository root, as prettier (the lint's check)
 * lays them out with the repository's settings.
 */
export async function referencePages(): Promise<Record<string, string>> {
  const pages: Record<string, string> = {
    'docs/reference/errors.md': errorsPage(),
    'docs/reference/configuration.md': configurationPage(),
  };
  for (const [path, page] of Object.entries(pages)) {
    const file = fileURLToPath(new URL(path, ROOT));
    const options = await prettier.resolveConfig(file);
    pages[path] = await prettier.format(page, { ...options, filepath: file });
  }
  return pages;
}

export { ROOT as REPOSITORY_ROOT };
