import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import { identityDescriptorSet } from '../transports/grpc/proto-files.js';

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
 * origin, with message types from `protos.binpb`: the descriptors of proto/ that the gRPC port
 * serves by reflection.
 */
export function uiRoutes(): Router {
  const protos = identityDescriptorSet();
  const router = express.Router();
  const file = (path: string) =>
    ({ root: path, headers: { 'cache-control': 'no-cache' } }) as const;
  // The page's address carries the sign-in's code when the provider sends the person back.
  router.get('/ui/profile', (_request, response) => {
    response.sendFile('profile.html', {
      root: WEB_SOURCE,
      headers: { 'cache-control': 'no-store' },
    });
  });
  router.get('/ui/profile/profile.css', (_request, response) => {
    response.sendFile('profile.css', file(WEB_SOURCE));
  });
  router.get('/ui/profile/profile.js', (_request, response) => {
    response.sendFile('profile.js', file(WEB_BUILD));
  });
  router.get('/ui/profile/protos.binpb', (_request, response) => {
    response.type('application/octet-stream').set('cache-control', 'no-cache').send(protos);
  });
  return router;
}
