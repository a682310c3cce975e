/**
 * The IRN hash on every runtime (SHA-256 through node:crypto today, so not yet in a browser).
 * @module
 */
import { irnOf } from '../../src/compute/index.js';
import { describe, expect, it, same } from './harness.js';

describe('IRN', () => {
  it('hashes the IRN of the published worked example', () => {
    const irn = irnOf('24AACCT6304M1ZB', 'INV', 'SAJ/2023/0627', '18/12/2023');
    expect(irn).toMatch(/^ee72a3fd[0-9a-f]{52}e620$/);
    same('irn', irn);
  });
});
