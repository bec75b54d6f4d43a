/**
 * The returns module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { ReturnCodeSchema, ReturnRequest, ReturnRequestLine, ReturnRequestLineSchema, ReturnRequestSchema } from './return.entities.ts';
