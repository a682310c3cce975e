/**
 * The address a client is limited under: the connection's, or behind trusted proxies the one they name in
 * `X-Forwarded-For`. IPv4 written as IPv6 (`::ffff:203.0.113.7`) counts as the IPv4 address, and an IPv6
 * address counts as its /64 network, since one subscriber is usually given a whole /64 and could otherwise
 * step to a fresh address for every request.
 * @module
 */

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(text: string): number[] | undefined {
  const address = text.split('%')[0]!; // a zone (fe80::1%eth0) names an interface, not a host
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return groups.map((g) => Number.parseInt(g, 16));
}

/** The key an address is counted under; undefined for text that is no address. */
export function addressKey(raw: string): string | undefined {
  const text = raw.trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  const v4 = mapped ? mapped[1]! : text;
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(v4)) return v4.split('.').every((n) => Number(n) <= 255) ? v4 : undefined;
  const groups = ipv6Groups(text);
  if (!groups) return undefined;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** What is read of a request here: its headers (a web Request, or the node binding's light request). */
type RequestHeaders = { readonly headers: { get(name: string): string | null } };

/**
 * The client's address as written: `connection` is the peer of the TCP connection (the binding's
 * `remoteAddress`); with `trustedProxies` N above 0, the client is N hops back along `X-Forwarded-For` as the
 * proxies append to it (the last entry is what the nearest proxy saw), or its first entry when the chain is
 * shorter. With no trusted proxy the header is ignored, so a client cannot name itself someone else. Every
 * binding goes through this one function (via the handler), whatever framework carries the request.
 */
export function clientIp(request: RequestHeaders, connection: string | undefined, trustedProxies = 0): string | undefined {
  if (trustedProxies > 0) {
    const chain = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (connection) chain.push(connection);
    // The connection is hop 0: the nearest proxy. N trusted proxies put the client N hops back.
    const named = chain[Math.max(0, chain.length - 1 - trustedProxies)];
    if (named !== undefined) return named;
  }
  return connection;
}

/** The client's address key: the address `clientIp` names, keyed by `addressKey`. */
export function clientAddress(request: RequestHeaders, connection: string | undefined, trustedProxies = 0): string | undefined {
  const ip = clientIp(request, connection, trustedProxies);
  return ip === undefined ? undefined : addressKey(ip);
}
