/**
 * The one step every counter takes on a bucket's slots (in memory here; the SQL store and the Redis script
 * take the same step in their own language): count the slots from `since` on, add `by` to the slot at
 * `slotStart` when the total stays within `cap`, and (when adding) forget the older slots.
 * @module
 */
import type { RateCount, RateSlot } from './ratelimit.js';

/** Takes the step on `slots` (changed in place, kept oldest first) and answers the count. Only a step that adds prunes, so a read changes nothing. */
export function countInSlots(slots: RateSlot[], slotStart: number, since: number, cap: number, by: number): RateCount {
  const live = (): RateSlot[] => slots.filter((s) => s.start >= since);
  const total = live().reduce((n, s) => n + s.hits, 0);
  const added = by !== 0 && total + by <= cap;
  if (by !== 0) slots.splice(0, slots.length, ...live());
  if (added) {
    const slot = slots.find((s) => s.start === slotStart);
    if (slot) slot.hits += by;
    else {
      slots.push({ start: slotStart, hits: by });
      slots.sort((a, b) => a.start - b.start);
    }
  }
  return { slots: live().map((s) => ({ ...s })), added };
}
