import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/** What a browser's `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create`. */
export interface RegistrationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

/**
 * An authenticator in the test's process, for the calls that need a registration answer without
 * a browser (the gRPC and OpenAPI suites; the Chromium suites use a virtual authenticator): a new
 * ES256 key per credential, attestation "none", user present and verified, as WebAuthn Level 3
 * lays out the authenticator data and the attestation object (CBOR).
 */
export class SoftwareAuthenticator {
  constructor(
    /** The origin the "browser" is on: the client data says it. */
    private readonly origin: string,
    /** The relying party ID the credential is scoped to. */
    private readonly rpId: string,
  ) {}

  /** The answer to creation options (`challenge` as the service sent it, base64url). */
  register(options: { challenge: string }): RegistrationJson {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const credentialId = randomBytes(32);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      createHash('sha256').update(this.rpId).digest(),
      Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested credential data
      Buffer.alloc(4), // sign count 0
      Buffer.alloc(16), // AAGUID: none
      length,
      credentialId,
      Buffer.from(coseKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientData = {
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
      crossOrigin: false,
    };
    const id = isoBase64URL.fromBuffer(new Uint8Array(credentialId));
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(JSON.stringify(clientData)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
