/**
 * Named secrets in the store (the sandbox signing key, the demo API key): made once, by whichever server
 * comes first, and the same for every server after.
 * @module
 */

/** Where named secrets are kept. */
export interface SecretStore {
  /**
   * A named secret: the stored value, or `create()`'s, stored once; every instance racing here gets the
   * same value.
   */
  secret(name: string, create: () => string): Promise<string>;
}
