/**
 * `gstkit/http/node`: the node:http binding. `toNodeListener` turns the fetch-style handler into a
 * `(req, res, next?)` listener; `createGstServer` builds a Node server with gstkit's connection limits.
 * @module
 */
export { toNodeListener, gstErrorMiddleware, type NodeListenerOptions } from './node-listener.js';
export { createGstServer, applyServerLimits, resolveServerLimits, DEFAULT_SERVER_LIMITS, type ServerLimits, type GstServerOptions } from './node-server.js';
