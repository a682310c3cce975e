/**
 * The NIC providers `gstkit serve` uses with `GSTKIT_PROVIDER=nic`, built from the environment
 * (settings in docs/connectors.md). Failures name the setting, never a secret.
 * @module
 */
import type { EwbProvider, GstinRegistry, IrpProvider } from '../../ports/index.js';
import type { PortalSessions } from '../../ports/portal-sessions.js';
import { ConnectorConfigError } from './codes.js';
import { createNicIrpProvider } from './einvoice.js';
import { createNicEwbProvider } from './ewaybill.js';
import { createNicRegistry } from './registry.js';
import { parseSessionKey, parseSessionKeyList } from './session-seal.js';
import { readNicSettings, type NicSettings } from './settings.js';

export interface NicServeProviders {
  irp: IrpProvider;
  ewb: EwbProvider;
  registry: GstinRegistry;
  /** The company's GSTINs (the credentials file's keys). */
  gstins: string[];
  einvoiceUrl: string;
  ewbUrl: string;
  /** The same connectors, keeping their portal sessions in `sessions` (by default each keeps its own in memory). */
  withSessions(sessions: PortalSessions): NicServeProviders;
}

/** The environment variable holding the key that seals portal sessions in the store. */
export const SESSION_KEY_ENV = 'GSTKIT_SESSION_KEY';
/** The environment variable holding earlier keys (comma-separated), accepted for reading sealed sessions only. */
export const PREVIOUS_SESSION_KEYS_ENV = 'GSTKIT_SESSION_KEY_PREVIOUS';

/**
 * GSTKIT_SESSION_KEY and GSTKIT_SESSION_KEY_PREVIOUS: no key (sessions stay in process memory), a 32-byte key
 * with the previous keys it may read under, or a message naming the setting (never its value).
 */
export function sessionKeyFromEnv(env: Record<string, string | undefined>): { ok: true; key?: Buffer; previous: Buffer[] } | { ok: false; message: string } {
  const raw = env[SESSION_KEY_ENV];
  const rawPrevious = env[PREVIOUS_SESSION_KEYS_ENV] ?? '';
  const previous = parseSessionKeyList(rawPrevious);
  if (!previous.ok) return { ok: false, message: `${PREVIOUS_SESSION_KEYS_ENV}: ${previous.message}` };
  if (raw === undefined || raw.trim() === '') {
    // Previous keys alone would read sessions but never write them: surely a forgotten current key.
    if (previous.keys.length > 0)
      return {
        ok: false,
        message: `${PREVIOUS_SESSION_KEYS_ENV} is set but ${SESSION_KEY_ENV} is not: previous keys are read only beside a current key that seals`,
      };
    return { ok: true, previous: [] };
  }
  const parsed = parseSessionKey(raw);
  return parsed.ok ? { ok: true, key: parsed.key, previous: previous.keys } : { ok: false, message: `${SESSION_KEY_ENV} ${parsed.message}` };
}

/** A base URL fit to print: without any user or password it may carry. */
function printable(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString();
}

/** The connectors of the settings, with their sessions in `sessions` when given. */
function connect(s: NicSettings, sessions?: PortalSessions): NicServeProviders {
  const shared = sessions ? { sessions } : {};
  const irp = createNicIrpProvider({ ...s.einvoice, ...shared });
  const ewb = createNicEwbProvider({ ...s.ewb, ...shared });
  return {
    irp,
    ewb,
    registry: createNicRegistry(irp, s.gstins[0]!),
    gstins: s.gstins,
    einvoiceUrl: printable(s.einvoice.baseUrl),
    ewbUrl: printable(s.ewb.baseUrl),
    withSessions: (next) => connect(s, next),
  };
}

export function nicProvidersFromEnv(env: Record<string, string | undefined>): { ok: true; value: NicServeProviders } | { ok: false; message: string } {
  const settings = readNicSettings(env);
  if (!settings.ok) return settings;
  try {
    return { ok: true, value: connect(settings.value) };
  } catch (e) {
    if (e instanceof ConnectorConfigError) return { ok: false, message: `${e.code} ${e.message}` };
    throw e;
  }
}
