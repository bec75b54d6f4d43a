/**
 * `source_maps`: the hidden source maps of each built app (shell or remote) and version,
 * uploaded by `npm run release` (and, for the builds `npm start` serves, imported at start from
 * `SOURCE_MAP_DIRS`). Never served to browsers: the service reads them to map stack frames.
 */
import { defineEntity, p } from '@mikro-orm/core';

export const SourceMapSchema = defineEntity({
  name: 'SourceMap',
  tableName: 'source_maps',
  properties: {
    /** `shell` or a remote's name. */
    app: p.string().length(40).primary(),
    version: p.string().length(60).primary(),
    /** The generated file the map describes, e.g. `main.968aa30b.js`. */
    file: p.string().length(200).primary().index(),
    /** The map's JSON, gzip-compressed. */
    map: p.blob(),
    /** Size of the uncompressed JSON, bytes. */
    size: p.integer(),
    uploadedAt: p.datetime(),
  },
});
export class SourceMap extends SourceMapSchema.class {}
SourceMapSchema.setClass(SourceMap);
