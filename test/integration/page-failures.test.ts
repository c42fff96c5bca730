import { expect } from 'chai';
import { buildUser } from '../support/factories.js';
import { publicUrlEnv, authorization, relyingParty } from '../support/relying-party.js';
import { SignInBrowser, type SignInPage } from '../support/sign-in-flow.js';
import { serviceBehindProxy } from '../support/limited-service.js';

/**
 * The pages a person opens (a link's, the sign-in's) when the database is out of reach: a page
 * in the browser's language with 503 that asks to try again, never the API's JSON or a hang.
 */
describe('the pages, with the database out of reach', function () {
  this.timeout(60_000);
  const behind = serviceBehindProxy(publicUrlEnv);

  const expectTryAgain = (page: SignInPage, words: string) => {
    expect(page.status, page.html).to.equal(503);
    expect(page.html).to.match(/^<!doctype html>/);
    expect(page.html).to.contain(words);
    expect(page.html).to.not.contain('SERVICE-UNAVAILABLE');
  };

  it('answers each page with a page that asks to try again, in English and in German', async () => {
    const { service, proxy } = behind;
    const origin = service.config.publicUrl;
    const user = await buildUser(service);
    const client = await relyingParty(service);
    const english = new SignInBrowser(origin);
    const german = new SignInBrowser(origin, 'de-CH,de;q=0.9');
    const signIn = await english.open((await authorization(client)).url);
    expect(signIn.html).to.contain('name="userName"');
    const offer = await english.open(`${origin}/ui/login/init?userID=${user.userId}&code=wrong`);
    expect(offer.status).to.equal(410);

    await proxy.cut();

    const activation = `${origin}/ui/login/init?userID=${user.userId}&code=abc`;
    expectTryAgain(await english.open(activation), 'Please try again in a moment.');
    expectTryAgain(await german.open(activation), 'Bitte versuchen Sie es gleich noch einmal.');
    const registration = `${origin}/ui/login/passwordless/init?userID=${user.userId}&orgID=${user.orgId}&codeID=c&code=abc`;
    expectTryAgain(await english.open(registration), 'Please try again in a moment.');
    expectTryAgain(await english.submit(offer, { login: user.userName }), 'try again');
    expectTryAgain(await english.submit(signIn, { userName: user.userName }), 'try again');
  });
});
