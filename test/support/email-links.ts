import { expect } from 'chai';
import { parseMessage } from './mime-message.js';
import { SignInBrowser } from './sign-in-flow.js';
import type { TestService } from './test-service.js';

/** An email verification link, as the worker writes it into the email. */
export const VERIFY_LINK =
  /https?:\/\/\S+\/ui\/login\/email\/verify\?userID=[0-9a-f-]+&code=[\w-]+/;

/** The verification link of the `count`-th email to `address`. */
export async function verificationLink(
  service: TestService,
  address: string,
  count = 1,
): Promise<string> {
  const messages = await service.emailsTo(address, count);
  const text = parseMessage(messages[count - 1]!)
    .parts.map((part) => part.body)
    .join('\n');
  const link = VERIFY_LINK.exec(text)?.[0];
  expect(link, 'the email has a verification link').to.be.a('string');
  return link!;
}

/** Follows a verification link as a person does: opens it, then presses its button. */
export async function followLink(service: TestService, link: string): Promise<string> {
  const browser = new SignInBrowser(service.config.publicUrl);
  const page = await browser.open(link);
  if (page.status !== 200) return `opened: ${page.status}`;
  const params = new URL(link).searchParams;
  const done = await browser.submit(page, {
    userID: params.get('userID')!,
    code: params.get('code')!,
  });
  return done.status === 200 ? 'verified' : `submitted: ${done.status}`;
}
