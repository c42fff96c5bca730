import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import type { Operation } from '../operations/operation.js';
import { openApiDocument } from '../openapi/openapi-document.js';

/** swagger-ui-dist's prebuilt files, from node_modules: nothing is fetched from elsewhere. */
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The page's own script, bundled by `npm run build` beside the profile page's. */
const WEB_BUILD = fileURLToPath(new URL('./web/', import.meta.url));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Identity service API</title>
    <link rel="stylesheet" href="/ui/api/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/ui/api/swagger-ui-bundle.js"></script>
    <script src="/ui/api/api-docs.js"></script>
  </body>
</html>
`;

/**
 * The REST surface's OpenAPI 3.1 document at `/openapi.json`, and a page rendering it with
 * Swagger UI at `/ui/api`. The document is made from the operations this process serves, so it
 * cannot describe another build (docs/openapi.json is the same document, committed); once, when
 * first asked for, so a start does not wait for it.
 */
export function apiDocsRoutes(operations: readonly Operation[]): Router {
  let document: string | undefined;
  const router = express.Router();
  const noCache = { 'cache-control': 'no-cache' };
  router.get('/openapi.json', (_request, response) => {
    document ??= JSON.stringify(openApiDocument(operations));
    response.type('application/json').set(noCache).send(document);
  });
  router.get('/ui/api', (_request, response) => {
    response.type('html').set(noCache).send(PAGE);
  });
  for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
    router.get(`/ui/api/${file}`, (_request, response) => {
      response.sendFile(file, { root: SWAGGER_UI, headers: noCache });
    });
  }
  router.get('/ui/api/api-docs.js', (_request, response) => {
    response.sendFile('api-docs.js', { root: WEB_BUILD, headers: noCache });
  });
  return router;
}
