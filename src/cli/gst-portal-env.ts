/**
 * Which GST portal `gstkit serve` and `gstkit worker` put behind the GSTR routes and jobs:
 * GSTKIT_GST_PORTAL=sandbox (the default, the sandbox's) or gstn (the live connector, configured by the
 * GSTN_* settings of docs/connectors.md), with its sessions sealed in the store under GSTKIT_SESSION_KEY
 * so every server and worker on the store shares one session per GSTIN, as the NIC sessions are.
 * @module
 */
import type { Store } from '../ports/store.js';
import type { GstnPortal } from '../connectors/gstn/port.js';

export interface LiveGstPortalSetup {
  /** GSTN_URL as printed (no credentials in it). */
  url: string;
  /** Whether sessions are sealed into the store (GSTKIT_SESSION_KEY set) or kept by this process only. */
  sealed: boolean;
  /** The portal over the store's sessions (or this process's, without a key). */
  portal(store: Store, companyId: string, onError: (e: Error) => void): Promise<GstnPortal>;
}

/** The live portal's setup with GSTKIT_GST_PORTAL=gstn, none for the sandbox, or a message naming the wrong setting. */
export async function liveGstPortalFromEnv(env: NodeJS.ProcessEnv): Promise<{ ok: true; value?: LiveGstPortalSetup } | { ok: false; message: string }> {
  if (!(env['GSTKIT_GST_PORTAL'] ?? '').trim()) return { ok: true };
  const gstn = await import('../connectors/gstn/from-env.js');
  const choice = gstn.gstPortalChoice(env);
  if (!choice.ok) return choice;
  if (choice.value === 'sandbox') return { ok: true };
  const made = gstn.gstnPortalFromEnv(env);
  if (!made.ok) return { ok: false, message: `GSTKIT_GST_PORTAL=gstn: ${made.message}` };
  const { sessionKeyFromEnv } = await import('../connectors/nic/from-env.js');
  const key = sessionKeyFromEnv(env);
  if (!key.ok) return { ok: false, message: `GSTKIT_GST_PORTAL=gstn: ${key.message}` };
  return {
    ok: true,
    value: {
      url: made.value.url,
      sealed: key.key !== undefined,
      async portal(store, companyId, onError) {
        if (!key.key) return made.value.portal;
        const { storedPortalSessions } = await import('../connectors/nic/stored-sessions.js');
        return made.value.withSessions(storedPortalSessions({ store, key: key.key, previousKeys: key.previous, companyId, onError })).portal;
      },
    },
  };
}
