/**
 * The GST portal connector against the fake GSTN: a manual clock both share, a taxpayer, and portals
 * built with quick retries so fault tests stay fast.
 */
import { createGstnPortal, type GstnPortal, type GstnPortalOptions } from '../../src/connectors/gstn/index.js';
import { createFakeGstn, FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_GSTN_URL, type FakeGstn, type FakeGstnOptions } from './fake-gstn.js';
import { checkChar } from './fake-gstn-files.js';

export const GSTIN = `29AAGCK4821M1Z${checkChar('29AAGCK4821M1Z')}`;
export const USER = { username: 'kaveri_api', otp: '575757', pan: 'AAGCK4821M', evcOtp: '112233' };

export interface ManualClock {
  now(): Date;
  advance(ms: number): void;
}

export function manualClock(start = Date.parse('2026-10-20T05:30:00Z')): ManualClock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export interface Setup {
  clock: ManualClock;
  fake: FakeGstn;
  portal(extra?: Partial<GstnPortalOptions>): GstnPortal;
}

export function setup(fakeOptions: Partial<FakeGstnOptions> = {}): Setup {
  const clock = manualClock();
  const fake = createFakeGstn({ clock, users: { [GSTIN]: USER }, ...fakeOptions });
  const portal = (extra: Partial<GstnPortalOptions> = {}): GstnPortal =>
    createGstnPortal({
      baseUrl: FAKE_GSTN_URL,
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      publicKeyPem: fake.publicKeyPem,
      ipUsr: '203.0.113.7',
      fetch: fake.fetch,
      clock,
      timeoutMs: 2000,
      retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
      largeFiles: { pollMs: 5, maxWaitMs: 2000 },
      ...extra,
    });
  return { clock, fake, portal };
}

/** Connects the GSTIN through `portal` with the taxpayer's OTP; throws when that fails. */
export async function connected(portal: GstnPortal): Promise<GstnPortal> {
  const asked = await portal.requestOtp(GSTIN, USER.username);
  if (!asked.ok) throw new Error(`OTP request failed: ${asked.errors[0]?.code}`);
  const done = await portal.connect(GSTIN, USER.otp);
  if (!done.ok) throw new Error(`connect failed: ${done.errors[0]?.code}`);
  return portal;
}
