/**
 * Replies whose body is meant to go out as it is produced (a long day list): the node binding writes such a
 * body chunk by chunk, with backpressure, instead of reading it whole first to learn its length. Other
 * bodies without a length are still read whole, so their bytes on the wire (a Content-Length, no chunked
 * encoding) stay as they were.
 * @module
 */

const streamed = new WeakSet<Response>();

/** Marks `response`'s body as one to stream; answers it. */
export function markStreamed(response: Response): Response {
  streamed.add(response);
  return response;
}

/** Whether `response`'s body is to be written as it comes. */
export function isStreamed(response: Response): boolean {
  return streamed.has(response);
}
