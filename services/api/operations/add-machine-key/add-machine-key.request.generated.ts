/*
 * Generated from schemas/requests/add-machine-key.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /management/v1/users/{userId}/keys (identity.management.v1.AddMachineKeyRequest): userId from the path; a key the machine user signs private_key_jwt assertions with.
 */
export interface AddMachineKeyRequest {
  /**
   * The machine user, from the path; a machine user of another organization is not found.
   */
  userId: string;
  /**
   * The key file’s format: KEY_TYPE_JSON when omitted (KEY_TYPE_UNSPECIFIED is taken as it).
   */
  type?: 'KEY_TYPE_UNSPECIFIED' | 'KEY_TYPE_JSON';
  /**
   * When the credential stops working: an RFC 3339 time in the future (a Timestamp over gRPC); 9999-12-31T23:59:59Z when omitted.
   */
  expirationDate?: string;
  /**
   * A public key whose private key the caller keeps, base64 (standard or URL-safe) of its PEM (SubjectPublicKeyInfo, `-----BEGIN PUBLIC KEY-----`): RSA of at least 2048 bits, EC P-256 or P-384, or Ed25519. Omitted: the service makes an RSA pair and answers the key file once.
   */
  publicKey?: string;
}
