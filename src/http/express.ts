/**
 * Express binding (`gstkit/http/express`): the node:http listener works as Express middleware, and
 * the error middleware answers the host's body-parser failures on gstkit's paths with coded bodies.
 * Mount both: `app.use(toNodeListener(handler)); app.use(gstErrorMiddleware({ basePath }))`.
 * @module
 */
export { toNodeListener, gstErrorMiddleware, type NodeListenerOptions } from './node-listener.js';
