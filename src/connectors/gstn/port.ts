/**
 * The live GST portal's port: {@link LiveGstPortal} of `src/ports/gst-portal.ts` (pulls, connecting a GSTIN
 * by OTP, IMS actions and GSTR-1 filing) plus GSTN's own extras (refresh, IMS reset, the GSTR-1 summary).
 *
 * Every type this folder takes from the rest of gstkit comes through this one file.
 * @module
 */
import {
  gstrCodes,
  imsSections,
  type GstPortal,
  type GstPortalConnection,
  type Gstr1FileRequest,
  type ImsActionRequest,
  type ImsSection,
  type LiveGstPortal,
} from '../../ports/gst-portal.js';
import type { Issue, Outcome } from '../../issue.js';

export { gstrCodes, imsSections };
export type { GstPortal, GstPortalConnection, Gstr1FileRequest, ImsActionRequest, ImsSection, Issue, LiveGstPortal, Outcome };
export type { ReturnType as GstReturnType } from '../../gstr/types.js';

/** What a GSTIN's connection looks like now: the port's {@link GstPortalConnection}. */
export type GstnConnection = GstPortalConnection;

/** The port's {@link LiveGstPortal} (which the sandbox speaks too), plus what only GSTN's API has. */
export interface GstnPortal extends LiveGstPortal {
  /** Renews the GSTIN's token now (REFRESHTOKEN); calls renew by themselves a margin before it lapses. */
  refresh(gstin: string): Promise<Outcome<GstnConnection>>;
  /** IMS reset of saved actions (RESETIMS). */
  imsReset(request: ImsActionRequest): Promise<Outcome<{ referenceId: string }>>;
  /** The GSTR-1 summary to be filed (RETSUM). */
  gstr1Summary(gstin: string, period: string): Promise<Outcome<unknown>>;
}
