/**
 * One way to build an S3 client from the environment, for every S3-compatible storage of the
 * service (product images: `STORAGE_S3_*`; remote builds: `RELEASE_S3_*`).
 *
 * Settings under a prefix `P` (e.g. `STORAGE_S3`): `P_ENDPOINT` (MinIO/R2; unset for AWS),
 * `P_REGION` (default us-east-1), `P_FORCE_PATH_STYLE=true` (MinIO). Credentials come from the AWS
 * SDK's usual sources (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`, profiles, roles).
 */
import { S3Client } from '@aws-sdk/client-s3';
import type { S3ClientSettings } from '../config.ts';

export type { S3ClientSettings };

/** The `<prefix>_ENDPOINT`, `_REGION` and `_FORCE_PATH_STYLE` settings. */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv, prefix: 'STORAGE_S3' | 'RELEASE_S3'): S3ClientSettings {
  return {
    endpoint: env[`${prefix}_ENDPOINT`] || undefined,
    region: env[`${prefix}_REGION`] || 'us-east-1',
    forcePathStyle: env[`${prefix}_FORCE_PATH_STYLE`] === 'true',
  };
}

/**
 * An S3 client for `settings`, with `credentials` or else the SDK's default chain. Request checksums are
 * sent only where the API requires them (`requestChecksumCalculation: 'WHEN_REQUIRED'`): the SDK's
 * newer default wraps streamed bodies in `aws-chunked` encoding with a CRC trailer, which several
 * S3-compatible stores do not decode (they store the chunk framing as the object's bytes).
 */
export function createS3Client(settings: S3ClientSettings, credentials?: { accessKeyId: string; secretAccessKey: string }): S3Client {
  return new S3Client({
    ...(credentials ? { credentials } : {}),
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

/** True when an S3 call failed because the object (or bucket) does not exist. */
export function isS3NotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: string }).name;
  return status === 404 || name === 'NoSuchKey' || name === 'NotFound';
}
