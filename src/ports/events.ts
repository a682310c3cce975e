/**
 * The events port: what happened that a host's own systems may want to be told of (a job ended, an IRN was
 * registered or cancelled, an e-waybill generated). Whoever makes the change calls `emit`; the webhook
 * outbox (`gstkit/webhooks`) is one sink, which keeps the event in the store and delivers it to the
 * company's subscribers. A new event type is a new key of {@link GstEventTypes}.
 * @module
 */

/**
 * The event types, one key each (the value says nothing). Webhook subscriptions name these; the schedules
 * and filings may add theirs here.
 */
export interface GstEventTypes {
  /** A job of any type ended done (state 100). */
  'job.done': true;
  /** A job of any type ended failed (state 101). */
  'job.failed': true;
  /** An IRN was registered, or recovered after the portal's answer was lost. */
  'irn.registered': true;
  'irn.cancelled': true;
  /** An e-waybill was generated (on its own, by IRN, or with its IRN). */
  'ewaybill.generated': true;
  /** A GSTIN's GSTR-2B of a period was pulled from the portal and is held (a scheduled pull or one asked for). */
  'gstr2b.available': true;
  /**
   * A GSTIN's GSTR-3B is due soon (the 20th of the month after the period) and its stored IMS inbox of the
   * period still holds documents with no action or kept pending (the watch pass, once per GSTIN and period).
   */
  'ims.deadline': true;
  /** An active e-way bill's extension window has opened: its validity ends within 8 hours (once per validity). */
  'ewaybill.expiring': true;
  /** A GSTIN's stored GST portal session ends soon: a new OTP login will be needed (once per session). */
  'gst.connection.expiring': true;
}

export type GstEventType = keyof GstEventTypes;

/** Every event type, for checks of subscriptions. */
export const gstEventTypes: readonly GstEventType[] = [
  'job.done',
  'job.failed',
  'irn.registered',
  'irn.cancelled',
  'ewaybill.generated',
  'gstr2b.available',
  'ims.deadline',
  'gst.connection.expiring',
];

/** One event: plain data, never a secret (a receiver gets `data` as it is). */
export interface GstEvent {
  type: GstEventType;
  companyId: string;
  /** The resource, enough to act on without another call. */
  data: Record<string, unknown>;
}

/**
 * Where events go. `within` is the transaction the change itself is written in, when the caller has one: a
 * sink that keeps events in the same store writes them there, so the change and its event stand or fall
 * together.
 */
export interface EventSink {
  emit(event: GstEvent, within?: import('./store.js').Store): Promise<void>;
}
