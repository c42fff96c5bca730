import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import { loadProtoRoot } from '../transports/grpc/proto-files.js';

/** The page's HTML and CSS, from the source tree; its script, bundled by `npm run build`. */
const WEB_SOURCE = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/') ? '../../../../services/api/ui/web/' : './web/',
    import.meta.url,
  ),
);
const WEB_BUILD = fileURLToPath(new URL('./web/', import.meta.url));

/**
 * The self-service profile page at `/ui/profile`. It talks to the API over gRPC-web on this same
 * origin, with message types from `protos.json`: the service protos, as loaded for gRPC.
 */
export function uiRoutes(): Router {
  const protos = JSON.stringify(loadProtoRoot().toJSON());
  const router = express.Router();
  const file = (path: string) =>
    ({ root: path, headers: { 'cache-control': 'no-cache' } }) as const;
  router.get('/ui/profile', (_request, response) => {
    response.sendFile('profile.html', file(WEB_SOURCE));
  });
  router.get('/ui/profile/profile.css', (_request, response) => {
    response.sendFile('profile.css', file(WEB_SOURCE));
  });
  router.get('/ui/profile/profile.js', (_request, response) => {
    response.sendFile('profile.js', file(WEB_BUILD));
  });
  router.get('/ui/profile/protos.json', (_request, response) => {
    response.type('application/json').set('cache-control', 'no-cache').send(protos);
  });
  return router;
}
