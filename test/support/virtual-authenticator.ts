import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** A credential as the virtual authenticator holds it (CDP `WebAuthn.Credential`). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  /** PKCS#8, base64. */
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/**
 * A platform authenticator in Chromium through the DevTools protocol (`WebAuthn.*`): CTAP2 over
 * the internal transport, with resident keys and user verification that always succeeds, and
 * presence simulated, so ceremonies complete without a person. It belongs to one page's target.
 */
export class VirtualAuthenticator {
  private constructor(
    readonly cdp: CDPSession,
    readonly authenticatorId: string,
  ) {}

  static async attach(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        ctap2Version: 'ctap2_1',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return new VirtualAuthenticator(cdp, authenticatorId);
  }

  async credentials(): Promise<VirtualCredential[]> {
    const { credentials } = await this.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: this.authenticatorId,
    });
    return credentials as VirtualCredential[];
  }

  /** Puts a credential back as it was (a clone of an authenticator at an older sign count). */
  async replace(credential: VirtualCredential): Promise<void> {
    await this.cdp.send('WebAuthn.removeCredential', {
      authenticatorId: this.authenticatorId,
      credentialId: credential.credentialId,
    });
    await this.cdp.send('WebAuthn.addCredential', {
      authenticatorId: this.authenticatorId,
      credential,
    });
  }

  async remove(): Promise<void> {
    await this.cdp.send('WebAuthn.removeVirtualAuthenticator', {
      authenticatorId: this.authenticatorId,
    });
  }
}
