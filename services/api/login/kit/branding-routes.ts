import express, { type Router } from 'express';
import type { DataSource } from 'typeorm';
import { storedLabelPolicy } from '../../accounts/label-policies.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { BRANDING_PATH, ownerOfPath } from './branding.js';
import { pageRoute } from './page-route.js';

/** The custom properties profile.css reads, from the policy's colours. */
const PROPERTIES = {
  primaryColor: '--primary-color',
  backgroundColor: '--background-color',
  warningColor: '--warning-color',
  fontColor: '--font-color',
} as const;

/** A policy's stylesheet: its colours as custom properties (each checked as `#rgb`/`#rrggbb`). */
export function labelStylesheet(policy: Record<keyof typeof PROPERTIES, string | null>): string {
  const lines = Object.entries(PROPERTIES).flatMap(([field, property]) => {
    const colour = policy[field as keyof typeof PROPERTIES];
    return colour && /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(colour)
      ? [`  ${property}: ${colour};`]
      : [];
  });
  return `:root {\n${lines.join('\n')}\n}\n`;
}

/**
 * The label policies' stylesheets and logos the pages link to. The version in the address is the
 * policy's at the page: when it is still the policy's, the answer is kept for a year; otherwise
 * (the policy changed since, or the account page, which does not know the version, asks for
 * `current`) the current one is answered, and not kept. A reset or unknown
 * policy has an empty stylesheet and no logo.
 */
export function brandingRoutes(dataSource: DataSource, logger: Logger): Router {
  const router = express.Router();
  const policyOf = async (owner: string) =>
    owner.length <= 36 ? storedLabelPolicy(dataSource, ownerOfPath(owner)) : null;
  const caching = (policy: { version: number } | null, version: string) =>
    policy && String(policy.version) === version
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';

  router.get(
    `${BRANDING_PATH}/:owner/:version/label.css`,
    pageRoute(logger, async (request, response) => {
      const policy = await policyOf(String(request.params.owner));
      response.set('cache-control', caching(policy, String(request.params.version)));
      response.type('css').send(policy ? labelStylesheet(policy) : '');
    }),
  );

  router.get(
    `${BRANDING_PATH}/:owner/:version/logo`,
    pageRoute(logger, async (request, response) => {
      const policy = await policyOf(String(request.params.owner));
      if (!policy?.logo || !policy.logoType) return void response.status(404).end();
      response.set('cache-control', caching(policy, String(request.params.version)));
      response.type(policy.logoType).send(policy.logo);
    }),
  );
  return router;
}
