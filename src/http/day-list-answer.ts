/**
 * The answer to a day list of e-waybills (`{"Success":true,"Response":[...]}`). A list that came whole, or
 * whose pages end with the first, is an ordinary JSON answer. A longer one is streamed: each page is written
 * as it is read, so the serving thread turns to other requests between pages and the answer never sits
 * whole in memory. A page that fails after the first was sent ends the stream in error, which the bindings
 * turn into a cut connection: the client sees a body that is not JSON, never a shorter list that looks whole.
 * @module
 */
import type { EwbDayListAnswer, ProviderResult } from '../ports/index.js';
import type { RouteContext } from './types.js';
import { svcFailure } from './responses.js';
import { markStreamed } from './streamed-body.js';

type Obj = Record<string, unknown>;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The list's answer in the Success style. */
export async function dayListAnswer(ctx: RouteContext, out: ProviderResult<EwbDayListAnswer>): Promise<Response> {
  if (!out.ok) return svcFailure(out.status ?? 422, out.errors);
  if (Array.isArray(out.value)) return ctx.reply(200, { Success: true, Response: out.value });
  const pages = (out.value as AsyncIterable<Obj[]>)[Symbol.asyncIterator]();
  const first = await pages.next();
  const second = first.done ? first : await pages.next();
  if (second.done) return ctx.reply(200, { Success: true, Response: first.done ? [] : first.value });
  return markStreamed(new Response(streamOf([first.value, second.value], pages), { status: 200, headers: { 'content-type': JSON_TYPE } }));
}

/** The answer's text, page by page: the pages already read, then the rest as the reader pulls. */
function streamOf(read: Obj[][], rest: AsyncIterator<Obj[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  let listed = 0;
  const chunk = (page: Obj[]): string => {
    let text = '';
    for (const item of page) text += (listed++ === 0 ? '' : ',') + JSON.stringify(item);
    return text;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode('{"Success":true,"Response":[' + read.map(chunk).join('')));
        return;
      }
      const next = await rest.next();
      if (next.done) {
        controller.enqueue(encoder.encode(']}'));
        controller.close();
      } else controller.enqueue(encoder.encode(chunk(next.value)));
    },
    async cancel() {
      await rest.return?.();
    },
  });
}
