/**
 * The NIC providers `gstkit serve` uses with `GSTKIT_PROVIDER=nic`, built from the environment
 * (settings in docs/connectors.md). Failures name the setting, never a secret.
 * @module
 */
import type { EwbProvider, GstinRegistry, IrpProvider } from '../../ports/index.js';
import { ConnectorConfigError } from './codes.js';
import { createNicIrpProvider } from './einvoice.js';
import { createNicEwbProvider } from './ewaybill.js';
import { createNicRegistry } from './registry.js';
import { readNicSettings } from './settings.js';

export interface NicServeProviders {
  irp: IrpProvider;
  ewb: EwbProvider;
  registry: GstinRegistry;
  /** The company's GSTINs (the credentials file's keys). */
  gstins: string[];
  einvoiceUrl: string;
  ewbUrl: string;
}

/** A base URL fit to print: without any user or password it may carry. */
function printable(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString();
}

export function nicProvidersFromEnv(env: Record<string, string | undefined>): { ok: true; value: NicServeProviders } | { ok: false; message: string } {
  const settings = readNicSettings(env);
  if (!settings.ok) return settings;
  const s = settings.value;
  try {
    const irp = createNicIrpProvider(s.einvoice);
    const ewb = createNicEwbProvider(s.ewb);
    return {
      ok: true,
      value: { irp, ewb, registry: createNicRegistry(irp, s.gstins[0]!), gstins: s.gstins, einvoiceUrl: printable(s.einvoice.baseUrl), ewbUrl: printable(s.ewb.baseUrl) },
    };
  } catch (e) {
    if (e instanceof ConnectorConfigError) return { ok: false, message: `${e.code} ${e.message}` };
    throw e;
  }
}
