import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';

const WEB_BUILD = fileURLToPath(new URL('./web/', import.meta.url));

/** Serves one of the pages' scripts that `npm run build:ui` bundles (`<name>.js`). */
export function webScript(name: string): RequestHandler {
  return (_request, response) => {
    response.sendFile(`${name}.js`, {
      root: WEB_BUILD,
      headers: { 'cache-control': 'no-cache' },
    });
  };
}
