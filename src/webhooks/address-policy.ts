/**
 * Where a webhook may be sent: a guard against server-side request forgery. An address is refused when it
 * is loopback, private (RFC 1918, IPv6 unique-local), link-local (the cloud metadata services
 * 169.254.169.254 and fd00:ec2::254 among them), shared CGNAT space, unspecified, multicast, reserved or for
 * documentation; an IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4) is judged by that one.
 * A name is judged by every address it resolves to, when the URL is given and again at every attempt,
 * which connects to the address judged (a name that changes its answer between the two cannot slip
 * through). A host that must reach its own network says so with `allowPrivate`.
 * @module
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { webhookCodes } from './codes.js';

/** What a host allows webhooks to reach. */
export interface WebhookAddressPolicy {
  /** Private, loopback and link-local addresses too (GSTKIT_WEBHOOK_ALLOW_PRIVATE=1; tests, closed networks). */
  allowPrivate: boolean;
  /** Plain http URLs too (GSTKIT_WEBHOOK_ALLOW_HTTP=1, or allowPrivate). */
  allowHttp: boolean;
}

/** The policy from the environment: private addresses and http only when asked for. */
export function webhookPolicyFromEnv(env: Record<string, string | undefined>): WebhookAddressPolicy {
  const allowPrivate = env['GSTKIT_WEBHOOK_ALLOW_PRIVATE'] === '1';
  return { allowPrivate, allowHttp: allowPrivate || env['GSTKIT_WEBHOOK_ALLOW_HTTP'] === '1' };
}

const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local, fd00:ec2::254 among them
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const)
  refused.addSubnet(net, bits, 'ipv6');

/** The 16 bytes of an IPv6 address, or undefined when it is not one. */
function ipv6Bytes(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped, NAT64's 64:ff9b::/96, 6to4's 2002::/16), if any. */
function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  if (!b) return undefined;
  const zeros = (from: number, to: number): boolean => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12).join('.');
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12).join('.');
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6).join('.');
  // The deprecated IPv4-compatible form ::a.b.c.d.
  if (zeros(0, 12) && !zeros(12, 16)) return b.slice(12).join('.');
  return undefined;
}

/** Why an IP address may not be reached, or undefined when it may. */
export function refusedAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner && refusedAddress(inner)) return `${address} carries ${inner}, which ${refusedAddress(inner)}`;
  }
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6') ? `${address} is a loopback, private, link-local or reserved address` : undefined;
}

/** A problem with a webhook URL: a code and a message. */
export interface UrlProblem {
  code: string;
  message: string;
}

/** The URL's form: absolute http(s), no credentials or fragment, https unless plain http is allowed. */
export function checkWebhookUrlForm(text: string, policy: WebhookAddressPolicy): { ok: true; url: URL } | { ok: false; problem: UrlProblem } {
  const bad = (message: string): { ok: false; problem: UrlProblem } => ({ ok: false, problem: { code: webhookCodes.badUrl, message } });
  if (text.length > 2048) return bad('the url is longer than 2,048 characters');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return bad('the url is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return bad(`the url must be https, not ${url.protocol.slice(0, -1)}`);
  if (url.username || url.password) return bad('the url may not carry a user name or password');
  if (url.hash) return bad('the url may not carry a fragment');
  if (url.protocol === 'http:' && !policy.allowHttp)
    return { ok: false, problem: { code: webhookCodes.httpsRequired, message: 'the url must be https (this server does not allow plain http webhooks)' } };
  return { ok: true, url };
}

/** The host of a URL as an address or a name: without IPv6's brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Resolves `host` (a name or an address) and judges every address; answers those addresses, or the problem. */
export async function resolveAllowed(
  host: string,
  policy: WebhookAddressPolicy,
  resolve: (host: string) => Promise<Array<{ address: string; family: number }>> = (h) => lookup(h, { all: true, verbatim: true }),
): Promise<{ ok: true; addresses: Array<{ address: string; family: number }> } | { ok: false; problem: UrlProblem }> {
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch (e) {
      return {
        ok: false,
        problem: { code: webhookCodes.hostUnresolved, message: `${host} does not resolve (${(e as { code?: string }).code ?? (e as Error).message})` },
      };
    }
    if (addresses.length === 0) return { ok: false, problem: { code: webhookCodes.hostUnresolved, message: `${host} resolves to no address` } };
  }
  if (!policy.allowPrivate) {
    for (const a of addresses) {
      const why = refusedAddress(a.address);
      if (why) return { ok: false, problem: { code: webhookCodes.addressRefused, message: `${host}: ${why}` } };
    }
  }
  return { ok: true, addresses };
}

/** Checks a webhook URL as given to the subscription: its form, then every address its host resolves to. */
export async function checkWebhookUrl(text: string, policy: WebhookAddressPolicy): Promise<{ ok: true; url: URL } | { ok: false; problem: UrlProblem }> {
  const form = checkWebhookUrlForm(text, policy);
  if (!form.ok) return form;
  const resolved = await resolveAllowed(hostOf(form.url), policy);
  return resolved.ok ? form : resolved;
}
