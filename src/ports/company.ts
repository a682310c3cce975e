/**
 * Who is calling: the company (tenant) a request acts for, and the host's authentication hook.
 * @module
 */

/** A company (tenant) and the GSTINs it may act for. */
export interface Company {
  id: string;
  gstins: readonly string[];
  /** The company's aggregate annual turnover in rupees, for the rules that depend on it (30-day limit, HSN digits). */
  aato?: number;
}

/** What the host's authentication hook answers. */
export type AuthResult =
  | {
      ok: true;
      company: Company /** Who called (an API key's id, never its secret): rate limits and the audit log name it. Default: the company's id. */;
      keyId?: string;
    }
  | { ok: false; status: 401 | 403; message: string };

/**
 * The host's authentication hook: reads the request's headers and names the company, or refuses.
 * `headersOnly` says it reads nothing but `request.headers.get`, so the node binding may hand it its light
 * request instead of building a web `Request` (gstkit's own hooks say so).
 */
export type Authenticate = ((request: Request) => AuthResult | Promise<AuthResult>) & { readonly headersOnly?: boolean };

/** Passed to every provider call, so a provider can never mix companies. */
export interface ProviderContext {
  company: Company;
}
