/**
 * The JSON text and value a handler's response was built from, kept beside the Response (by identity, so
 * nothing changes for a host that reads the Response itself). The node:http binding writes the text
 * straight to the socket and the audit log reads the value, instead of reading the body stream back and
 * parsing it again (a Response's body can be read only once, so that took a clone and a second parse).
 * @module
 */
import { LightReply } from './light-reply.js';

export interface JsonBody {
  /** The body as sent. */
  text: string;
  /** What `text` is the JSON of. */
  value: unknown;
}

const bodies = new WeakMap<Response, JsonBody>();

/** Records what `response` (built from `text`, untouched since) carries. */
export function rememberJson(response: Response, text: string, value: unknown): Response {
  bodies.set(response, { text, value });
  return response;
}

/**
 * What `response` carries, when it was built by {@link rememberJson} and its body was not read or
 * replaced since (a host middleware may wrap or consume it: then it is read as any other Response).
 */
export function knownJson(response: Response): JsonBody | undefined {
  if ((response as unknown) instanceof LightReply) return (response as unknown as LightReply).known;
  const known = bodies.get(response);
  return known && !response.bodyUsed ? known : undefined;
}
