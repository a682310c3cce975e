/**
 * A sandbox CRM webhook: the receiving end of {@link webhookForwarder}, for trying the sales inquiry
 * without a real CRM. It records each inquiry once per `Idempotency-Key` (a repeated delivery is
 * answered as the first was and recorded no more), refuses a delivery without the key, and can be
 * made slow to show what a CRM that answers late does to retries.
 * @module
 */

export interface SandboxCrmOptions {
  /** The bearer token a delivery must carry, when set. */
  token?: string;
  /** Milliseconds before answering (the inquiry is recorded at once, as a slow CRM would). Default 0. */
  delayMs?: number;
  /** Keys remembered; the oldest are forgotten beyond this. Default 10,000. */
  maxKeys?: number;
}

export interface SandboxCrm {
  /** Answers one webhook delivery. */
  handle(request: Request): Promise<Response>;
  /** The inquiries recorded, once each, oldest first. */
  inquiries(): Array<Record<string, unknown>>;
  /** Deliveries received, repeats included. */
  deliveries(): number;
  /** Changes the answer delay (a CRM getting slow or recovering). */
  setDelay(ms: number): void;
}

const reply = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Builds a sandbox CRM. */
export function createSandboxCrm(options: SandboxCrmOptions = {}): SandboxCrm {
  const maxKeys = options.maxKeys ?? 10_000;
  let delayMs = options.delayMs ?? 0;
  const byKey = new Map<string, { id: number; inquiry: Record<string, unknown> }>();
  let nextId = 1;
  let deliveries = 0;
  return {
    async handle(request) {
      deliveries++;
      if (request.method !== 'POST') return reply(405, { error: 'POST an inquiry' });
      if (options.token && request.headers.get('authorization') !== `Bearer ${options.token}`) return reply(401, { error: 'bad token' });
      const key = request.headers.get('idempotency-key')?.trim() ?? '';
      if (key === '' || key.length > 200) return reply(400, { error: 'an Idempotency-Key header (1..200 characters) is required' });
      let inquiry: unknown;
      try {
        inquiry = await request.json();
      } catch {
        return reply(400, { error: 'the body is not JSON' });
      }
      if (typeof inquiry !== 'object' || inquiry === null || Array.isArray(inquiry)) return reply(400, { error: 'the body is not a JSON object' });
      let kept = byKey.get(key);
      const repeat = kept !== undefined;
      if (!kept) {
        kept = { id: nextId++, inquiry: inquiry as Record<string, unknown> };
        byKey.set(key, kept);
        if (byKey.size > maxKeys) byKey.delete(byKey.keys().next().value!);
      }
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return reply(repeat ? 200 : 201, { id: kept.id, ...(repeat ? { repeated: true } : {}) });
    },
    inquiries: () => [...byKey.values()].map((k) => k.inquiry),
    deliveries: () => deliveries,
    setDelay(ms) {
      delayMs = ms;
    },
  };
}
