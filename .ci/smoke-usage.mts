// Compiled by .ci/smoke inside an empty project that installed only the packed gstkit: typical uses of the
// public types, under strict settings and skipLibCheck false.
import { validate } from 'gstkit';
import { createGstHandler, type GstHandlerOptions } from 'gstkit/http';
import { toNodeListener } from 'gstkit/http/node';
import { basicAuth, generateApiKey } from 'gstkit/ports';
import { createSandbox } from 'gstkit/sandbox';

const checked = validate('irn', {}, { today: '22/11/2026' });
if (!checked.ok) for (const e of checked.errors) console.log(e.code, e.path, e.message);
const sandbox = createSandbox({ companies: { acme: ['29AAGCK4821M1Z4'] } });
const key = generateApiKey('acme');
const options: GstHandlerOptions = {
  irp: sandbox.providers.irp,
  basePath: '/gst',
  authenticate: basicAuth([key], new Map([['acme', ['29AAGCK4821M1Z4']]])),
};
const listener = toNodeListener(createGstHandler(options));
console.log(typeof listener);
