/**
 * Where `npm run release` publishes remote builds (Vendure habit: what
 * may vary is an interface with a default, chosen in configuration).
 *
 * A build is published once as `<remote>/<version>/<files>` and never changed afterwards (the
 * version is a content hash), so its files may be cached for a year; the manifest and build info
 * (`mf-manifest.json`, `mf-stats.json`, `build-info.json`) are revalidated all the same, as the
 * static host does for `/releases/`.
 *
 * - {@link LocalDiskReleaseStorage} (default, `RELEASE_STORAGE=local`): `DATA_DIR/deploy/`, which
 *   each remote's static host serves at `/releases/` on the remote's origin
 *   (services/static-host/src/releases.ts). Copied under a temporary name and renamed into place.
 * - {@link S3ReleaseStorage} (`RELEASE_STORAGE=s3`): an S3-compatible bucket (AWS S3, MinIO, R2)
 *   served at `RELEASE_S3_PUBLIC_URL`. Settings: `RELEASE_S3_BUCKET`, `RELEASE_S3_PUBLIC_URL` (the
 *   public URL of the bucket's root, e.g. a CDN in front of it), `RELEASE_S3_ENDPOINT` (MinIO/R2;
 *   unset for AWS), `RELEASE_S3_REGION` (default us-east-1), `RELEASE_S3_PREFIX` (key prefix,
 *   default none), `RELEASE_S3_FORCE_PATH_STYLE=true` (MinIO); credentials as in s3-client.ts. Objects are
 *   written with their Content-Type and Cache-Control; `build-info.json` is written last, so its
 *   presence marks a complete upload. The bucket must allow cross-origin GETs from the store.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import mime from 'mime-types';
import type { RemoteName } from '@prata/contracts';
import { createS3Client, isS3NotFound, s3SettingsFromEnv } from './s3-client.ts';

/** Files revalidated on every use (they name the content-hashed files of their build). */
export const REVALIDATED_RELEASE_FILES = new Set(['mf-manifest.json', 'mf-stats.json', 'build-info.json']);

/** Cache-Control of a published file. */
export function releaseCacheControl(file: string): string {
  return REVALIDATED_RELEASE_FILES.has(path.basename(file)) ? 'no-cache' : 'public, max-age=31536000, immutable';
}

export interface ReleaseStorage {
  /** Human description, e.g. `s3://bucket`. */
  readonly description: string;
  /**
   * Publishes the build in `dir` as `<remote>/<version>/` unless that version is there already.
   * @returns whether it was copied, and where it is.
   */
  publish(remote: RemoteName, version: string, dir: string): Promise<{ copied: boolean; location: string }>;
  /** Public URL of `<remote>/` ending in `/`, or null when the remote's own static host serves it. */
  publicBaseUrl(remote: RemoteName): string | null;
}

export class LocalDiskReleaseStorage implements ReleaseStorage {
  readonly description: string;
  private readonly root: string;

  /** @param root the deploy directory (`DATA_DIR/deploy`). */
  constructor(root: string) {
    this.root = path.resolve(root);
    this.description = this.root;
  }

  async publish(remote: RemoteName, version: string, dir: string) {
    const target = path.join(this.root, remote, version);
    if (existsSync(target)) return { copied: false, location: target };
    await mkdir(path.dirname(target), { recursive: true });
    const staging = `${target}.partial-${process.pid}`;
    await cp(dir, staging, { recursive: true });
    await rename(staging, target);
    return { copied: true, location: target };
  }

  publicBaseUrl(): null {
    return null;
  }
}

export interface S3ReleaseStorageOptions {
  client: S3Client;
  bucket: string;
  /** Public URL of the bucket's root (objects at `<publicUrl>/<prefix><remote>/<version>/...`). */
  publicUrl: string;
  /** Key prefix, e.g. `remotes/` (default none). */
  prefix?: string;
}

export class S3ReleaseStorage implements ReleaseStorage {
  readonly description: string;
  private readonly options: S3ReleaseStorageOptions;

  constructor(options: S3ReleaseStorageOptions) {
    this.options = { ...options, publicUrl: options.publicUrl.replace(/\/$/, ''), prefix: options.prefix ?? '' };
    this.description = `s3://${options.bucket}/${this.options.prefix}`;
  }

  private key(remote: RemoteName, version: string, file: string): string {
    return `${this.options.prefix}${remote}/${version}/${file}`;
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.options.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isS3NotFound(error)) return false;
      throw error;
    }
  }

  async publish(remote: RemoteName, version: string, dir: string) {
    const location = `${this.options.publicUrl}/${this.key(remote, version, '')}`;
    if (await this.exists(this.key(remote, version, 'build-info.json'))) return { copied: false, location };
    const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    // Manifest next to last and build-info.json last: a version is complete once its build-info.json exists.
    const order = (file: string) => (file === 'build-info.json' ? 2 : file === 'mf-manifest.json' ? 1 : 0);
    files.sort((a, b) => order(a) - order(b));
    for (const file of files) {
      await this.options.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: this.key(remote, version, file),
          Body: await readFile(path.join(dir, file)),
          ContentType: mime.contentType(path.basename(file)) || 'application/octet-stream',
          CacheControl: releaseCacheControl(file),
        }),
      );
    }
    return { copied: true, location };
  }

  publicBaseUrl(remote: RemoteName): string {
    return `${this.options.publicUrl}/${this.options.prefix}${remote}/`;
  }
}

/**
 * The storage the environment selects (`RELEASE_STORAGE`, see the module doc).
 * @throws Error naming the missing settings of `s3`, or an unknown `RELEASE_STORAGE`.
 */
export function releaseStorageFromEnv(env: NodeJS.ProcessEnv, dataDir: string): ReleaseStorage {
  const kind = env.RELEASE_STORAGE || 'local';
  if (kind === 'local') return new LocalDiskReleaseStorage(path.join(dataDir, 'deploy'));
  if (kind !== 's3') throw new Error(`RELEASE_STORAGE must be local or s3, not ${kind}`);
  const missing = ['RELEASE_S3_BUCKET', 'RELEASE_S3_PUBLIC_URL'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`RELEASE_STORAGE=s3 needs ${missing.join(' and ')}`);
  const client = createS3Client(s3SettingsFromEnv(env, 'RELEASE_S3'));
  return new S3ReleaseStorage({ client, bucket: env.RELEASE_S3_BUCKET!, publicUrl: env.RELEASE_S3_PUBLIC_URL!, ...(env.RELEASE_S3_PREFIX ? { prefix: env.RELEASE_S3_PREFIX } : {}) });
}
