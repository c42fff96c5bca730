import { expect } from 'chai';
import { domainFormats } from '../../services/api/validation/formats.js';

const DEFAULT_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigit: true,
  requireSymbol: true,
};

describe('the redirect-uri format of an application', () => {
  const { validate } = domainFormats(DEFAULT_POLICY)['redirect-uri']!;

  it('takes the http and https URLs a web client may be sent back to', () => {
    for (const uri of [
      'https://zoo.example/callback',
      'https://zoo.example:8443/cb?app=1',
      'http://127.0.0.1:8000/cb',
      'http://localhost/cb',
    ])
      expect(validate(uri), uri).to.equal(true);
  });

  it('refuses what oidc-provider refuses for a web client, and what is no URL', () => {
    for (const uri of [
      'app.zoo:/callback',
      'javascript:alert(1)',
      'https://zoo.example/cb#fragment',
      '/callback',
      'https://zoo example/cb',
      'file:///etc/passwd',
      '',
    ])
      expect(validate(uri), uri).to.equal(false);
  });
});
