/**
 * The object storage the configuration selects (`STORAGE`, config.ts): the local disk under
 * `STORAGE_ROOT`, or an S3-compatible bucket.
 */
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { LocalDiskStorage, type ObjectStorage } from './object-storage.ts';
import { createS3Client } from './s3-client.ts';
import { S3ObjectStorage } from './s3-object-storage.ts';

/** A storage for `config`; S3's local scratch and rendition files go under `DATA_DIR/object-cache`. */
export function createObjectStorage(config: Pick<AppConfig, 'objectStorage' | 'storageRoot' | 'publicUrl' | 'dataDir'>): ObjectStorage {
  const chosen = config.objectStorage;
  if (chosen.driver === 'local') return new LocalDiskStorage(config.storageRoot, config.publicUrl);
  return new S3ObjectStorage({
    client: createS3Client(chosen.client),
    bucket: chosen.bucket,
    prefix: chosen.prefix,
    publicBaseUrl: config.publicUrl,
    localDir: path.join(config.dataDir, 'object-cache'),
  });
}
