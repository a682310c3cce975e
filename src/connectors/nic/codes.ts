/**
 * Codes of the NIC connectors where the portal has none: the portal could not be reached, its
 * answer could not be read, the connector is misconfigured. Portal refusals keep the portal's own
 * codes (IRP `2150`, EWB `604`, login `1008`, ...).
 * @module
 */
export const connectorCodes = {
  /** The portal could not be reached, or kept failing (5xx, timeouts, dropped connections) through every retry. */
  unreachable: 'SVC-960',
  /** The connector's settings are unusable: public key, credentials, endpoint. */
  misconfigured: 'SVC-961',
  /** The portal answered something the protocol does not allow: not JSON, a wrong envelope, undecryptable data. */
  badAnswer: 'SVC-962',
  /** No portal credentials are configured for this GSTIN. */
  noCredentials: 'SVC-963',
  /** The portal's API has no such action (NIC offers no taxpayer "close e-waybill"). */
  unsupported: 'SVC-964',
  /** The portal refused the login and gave no code of its own. */
  loginRefused: 'SVC-965',
  /** The e-waybill request given to the provider is not an object (a caller from plain JavaScript). */
  notObject: 'SVC-761',
} as const;

/** A connector failure raised at construction (bad settings): carries its code. */
export class ConnectorConfigError extends Error {
  readonly code: string = connectorCodes.misconfigured;
  constructor(message: string) {
    super(message);
    this.name = 'ConnectorConfigError';
  }
}
