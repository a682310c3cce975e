/**
 * The provider ports now live in `gstkit/ports` (src/ports); this module re-exports them so that
 * imports from the sandbox keep working.
 * @module
 */
export * from '../ports/company.js';
export * from '../ports/result.js';
export * from '../ports/irp.js';
export * from '../ports/ewb.js';
export * from '../ports/registry.js';
export * from '../ports/jobs.js';
export * from '../ports/inquiry.js';
