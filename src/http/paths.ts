/**
 * Which paths belong to gstkit, and failures that a binding answers itself (before the handler runs).
 * @module
 */
import { error } from '../issue.js';
import { dealFailure, headerFailure, svcFailure } from './responses.js';

/** True for the paths the handler serves. */
export function isGstPath(pathname: string): boolean {
  return (
    pathname === '/openapi.json' ||
    pathname.startsWith('/api/svc/') ||
    pathname === '/api/deal' ||
    pathname === '/api/deal/' ||
    pathname.startsWith('/api/sandbox/')
  );
}

/** A failure in the style of the path: Success/Errors, deal body, or Svc-Error headers. */
export function errorResponse(pathname: string, status: number, code: string, message: string): Response {
  if (pathname.startsWith('/api/svc/einvoice/') || pathname.startsWith('/api/svc/gst/')) return svcFailure(status, [error(code, message)]);
  if (pathname.startsWith('/api/deal')) return dealFailure(status, status >= 500 ? 'UNKNOWN_ERROR' : 'VALIDATION_ERROR', message);
  return headerFailure(status, code, message);
}
