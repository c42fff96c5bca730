import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import { hashPassword, inHashingSlot } from '../../credentials/password-hash.js';
import { meetsPasswordPolicy } from '../../credentials/password-policy.js';
import { brandOf } from './branding.js';
import { html, linkPages, type Csrf, type Language } from './page-kit.js';
import { policyInWords, type PolicyWords } from './password-policy-words.js';

/** What the form that sets a password from an emailed link says. */
export interface NewPasswordWords {
  title: string;
  intro: string;
  password: string;
  confirmation: string;
  mismatch: string;
  /** The password policy's words. */
  policy: PolicyWords;
}

/** A link's user and code, which travel with the form. */
export interface PasswordLink {
  userId: string;
  code: string;
}

/** One page flow's form: its words, where it posts for a link, its button's words. */
export interface NewPasswordOffer<Words extends NewPasswordWords, Link extends PasswordLink> {
  words: Record<Language, Words>;
  action: (link: Link) => string;
  button: (words: Words) => string;
}

export interface NewPasswordForm<Link extends PasswordLink = PasswordLink> {
  /** The form for the link, in its user's brand: 200, or 400 with what was wrong. */
  show(
    request: Request,
    response: Response,
    link: Link,
    error?: (words: NewPasswordWords) => string,
  ): Promise<void>;
  /**
   * The hash of the password posted twice, when the two are the same and meet the policy
   * (hashed in the hashing slots); else undefined, having shown the form again with why.
   */
  take(
    request: Request,
    response: Response,
    link: Link,
    typed: { password: string; confirmation: string },
  ): Promise<string | undefined>;
}

/**
 * The one form that sets a password from an emailed link (activation, password reset): the
 * password twice, the policy in words, the link's user and code hidden, the CSRF token.
 */
export function newPasswordForm<
  Words extends NewPasswordWords,
  Link extends PasswordLink = PasswordLink,
>(
  { dataSource, config }: { dataSource: DataSource; config: Config },
  csrf: Csrf,
  offer: NewPasswordOffer<Words, Link>,
): NewPasswordForm<Link> {
  const send = linkPages(offer.words);
  const show: NewPasswordForm<Link>['show'] = async (request, response, link, error) => {
    const token = csrf.token(request, response);
    send(
      request,
      response,
      error ? 400 : 200,
      (w) => [
        w.title,
        html`<p>${w.intro}</p>
          ${error ? html`<p class="error" role="alert">${error(w)}</p>` : ''}
          <form method="post" action="${offer.action(link)}">
            <input type="hidden" name="_csrf" value="${token}" />
            <input type="hidden" name="userID" value="${link.userId}" />
            <input type="hidden" name="code" value="${link.code}" />
            <label
              >${w.password}
              <input type="password" name="password" autocomplete="new-password" required />
            </label>
            <label
              >${w.confirmation}
              <input type="password" name="confirmation" autocomplete="new-password" required />
            </label>
            <p class="hint">${policyInWords(w.policy, config.passwordPolicy)}</p>
            <button type="submit">${offer.button(w)}</button>
          </form>`,
      ],
      await brandOf(dataSource, { userId: link.userId }),
    );
  };
  return {
    show,
    async take(request, response, link, { password, confirmation }) {
      if (password !== confirmation)
        return void (await show(request, response, link, (w) => w.mismatch));
      if (!meetsPasswordPolicy(config.passwordPolicy, password))
        return void (await show(request, response, link, (w) =>
          policyInWords(w.policy, config.passwordPolicy),
        ));
      return inHashingSlot(config.passwordHashConcurrency, () => hashPassword(password));
    },
  };
}
