import type { Router } from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import type { Logger } from '../../../../shared/logging/logger.js';
import { allowsUsernamePassword } from '../../accounts/login-policies.js';
import { INTERACTION_PREFIX } from '../../oidc/oidc-paths.js';
import { pageRoute } from '../kit/page-route.js';
import { passwordResetPages } from '../password-reset/password-reset-routes.js';
import type { SignInKit } from './sign-in-kit.js';

/**
 * The password reset within a sign-in: "Forgot password?" on the password step opens the form
 * with the sign-in carried along (`/ui/login/<uid>/password/forgot`, its interaction checked as
 * every sign-in page's), and the reset link of such a request posts its new password here,
 * under the interaction's path, so that the browser sends the sign-in's cookie. Once the
 * password is set, the sign-in goes on for the user as after a right password (to the TOTP code
 * when the user has one, then back to the application). Posted from another browser, or after the
 * sign-in expired, the password is set all the same and the page says to sign in.
 */
export function passwordResetSignInRoutes(
  router: Router,
  kit: SignInKit,
  deps: { dataSource: DataSource; config: Config; logger: Logger },
): void {
  const pages = passwordResetPages(deps);

  router.get(
    `${INTERACTION_PREFIX}/:uid/password/forgot`,
    kit.page(async (request, response, interaction) =>
      pages.forgot(request, response, interaction.uid, await kit.brandFor(interaction, null)),
    ),
  );

  router.post(
    `${INTERACTION_PREFIX}/:uid/password/reset`,
    pageRoute(kit.logger, async (request, response) => {
      const uid = String(request.params.uid);
      const userId = await pages.redeem(request, response, uid);
      if (!userId) return;
      const interaction = await kit.provider
        .interactionDetails(request, response)
        .catch(() => undefined);
      // A sign-in whose login policy takes no password is not continued by one either.
      const continued =
        interaction?.uid === uid &&
        interaction.prompt.name === 'login' &&
        (await allowsUsernamePassword(deps.dataSource, String(interaction.params.client_id)));
      if (!continued) return pages.changed(request, response, userId);
      const state = await kit.stateOf(uid);
      const result = await kit.steps.passwordReset(userId, state);
      await kit.advance(request, response, interaction, state, result);
    }),
  );
}
