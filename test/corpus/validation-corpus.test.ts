import { describe, expect, test } from 'vitest';
import { findingsOf, loadCorpus, loadSnapshot } from './corpus.js';

describe('validation corpus (every payload the test suite validates)', () => {
  test('validate() finds what it found when the snapshot was taken, on every payload', () => {
    const corpus = loadCorpus();
    const snapshot = loadSnapshot();
    expect(snapshot.length).toBe(corpus.length);
    const changed: string[] = [];
    corpus.forEach((entry, i) => {
      const now = findingsOf(entry);
      if (JSON.stringify(now) !== JSON.stringify(snapshot[i])) {
        changed.push(`#${i} ${entry.kind} ${JSON.stringify(entry.payload).slice(0, 120)}\n  was ${JSON.stringify(snapshot[i])}\n  now ${JSON.stringify(now)}`);
      }
    });
    expect(changed.slice(0, 5).join('\n'), `${changed.length} of ${corpus.length} payloads changed`).toBe('');
  });

  test('the corpus holds valid and invalid payloads of every request kind', () => {
    const snapshot = loadSnapshot();
    const kinds = new Map<string, { valid: number; invalid: number }>();
    loadCorpus().forEach((entry, i) => {
      const counts = kinds.get(entry.kind) ?? { valid: 0, invalid: 0 };
      if (snapshot[i]!.ok === true) counts.valid++;
      else counts.invalid++;
      kinds.set(entry.kind, counts);
    });
    for (const kind of ['irn', 'ewb', 'payment-qr', 'cancel-irn', 'cancel-ewb', 'close-ewb', 'ewb-by-irn', 'deal']) {
      expect(kinds.get(kind)?.valid, kind).toBeGreaterThan(0);
      expect(kinds.get(kind)?.invalid, kind).toBeGreaterThan(0);
    }
  });
});
