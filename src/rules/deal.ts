/**
 * Business rules of the sales inquiry (deal) body beyond its schema (SPEC 2.1).
 * @module
 */

import type { Rule } from './rule.js';
import { field, found, type Finding, findingReader } from './support.js';
import { defineRule } from './define.js';

/** The deal body rules. */
export const dealRules: Rule[] = [
  defineRule(findingReader, {
    id: 'DEAL-MOBILE-PREFIX',
    code: 'SVC-440',
    severity: 'warning',
    certainty: 'likely',
    description:
      'mobile should start with 6, 7, 8 or 9, as Indian mobile numbers do. A warning, not an error: the interface accepts any 10 digits, and the inquiry is still worth forwarding.',
    check(doc) {
      const value = field(doc, 'mobile');
      if (typeof value !== 'string' || !/^[0-9]{10}$/.test(value) || /^[6-9]/.test(value)) return [];
      return [found(`mobile ${value} does not start with 6, 7, 8 or 9, so it is unlikely to be an Indian mobile number.`, 'mobile')];
    },
  }),
  defineRule(findingReader, {
    id: 'DEAL-NAME-BLANK',
    code: 'SVC-441',
    severity: 'error',
    certainty: 'certain',
    description: 'contactName and businessName must hold more than spaces.',
    check(doc) {
      const out: Finding[] = [];
      for (const key of ['contactName', 'businessName']) {
        const value = field(doc, key);
        if (typeof value === 'string' && value.length > 0 && value.trim() === '') out.push(found(`${key} must not be blank.`, key));
      }
      return out;
    },
  }),
  defineRule(findingReader, {
    id: 'DEAL-TOKEN-BLANK',
    code: 'SVC-442',
    severity: 'error',
    certainty: 'certain',
    description: 'turnstileToken must hold more than spaces.',
    check(doc) {
      const value = field(doc, 'turnstileToken');
      if (typeof value !== 'string' || value.length === 0 || value.trim() !== '') return [];
      return [found('turnstileToken must not be blank; complete the captcha.', 'turnstileToken')];
    },
  }),
];
