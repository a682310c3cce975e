/**
 * The event sink over the store: an event becomes one pending delivery for each of the company's webhooks
 * that names its type, written in one statement (or in the caller's own transaction), so an event the
 * store took is delivered at least once. A company without webhooks costs one statement that writes
 * nothing.
 * @module
 */
import type { EventSink, GstEvent } from '../ports/events.js';
import type { Store } from '../ports/store.js';
import { systemClock, type Clock } from '../clock.js';

/** The body every subscriber of the event gets, and that is signed: `{type, timestamp, companyId, data}`. */
export function eventBody(event: GstEvent, at: string): string {
  return JSON.stringify({ type: event.type, timestamp: at, companyId: event.companyId, data: event.data });
}

/** Events kept in `store`'s webhook outbox. */
export function storeEventSink(store: Store, clock: Clock = systemClock): EventSink {
  return {
    async emit(event, within) {
      const at = clock.now().toISOString();
      await (within ?? store).addWebhookEvent({ companyId: event.companyId, eventType: event.type, body: eventBody(event, at), at });
    },
  };
}
