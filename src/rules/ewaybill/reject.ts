/**
 * Rules of the rejection request (rejectewb, NIC action REJEWB). The request holds only the e-waybill
 * number; who may reject (341, 342) and until when (345, 346) is judged on the stored e-waybill.
 * @module
 */

import type { Rule } from '../rule.js';
import { ewbNoRule } from './action-shared.js';

/** The rejection request rules. */
export const rejectEwbRules: Rule[] = [ewbNoRule('REJEWB', '344')];
