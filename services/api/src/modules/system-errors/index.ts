/**
 * The system errors module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { SystemError, SystemErrorEvent, SystemErrorEventSchema, SystemErrorSchema, SystemErrorUserSchema, SystemErrorVersionSchema } from './system-error.entity.ts';
export { default as systemErrorsPlugin } from './system-errors.plugin.ts';
export { SourceMapStore, type SourceMapFile } from './source-maps.ts';
export { SourceMap, SourceMapSchema } from './source-map.entity.ts';
export { eraseErrorTraces } from './error-erasure.ts';
export { ShopperFeedbackSchema, SystemErrorReplaySchema } from './replay-feedback.entities.ts';
