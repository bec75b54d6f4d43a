/**
 * A local double of the S3 API: s3rver over real HTTP on a free port, with the buckets asked for,
 * for the S3 storages (storage/s3-object-storage.ts, storage/release-storage.ts). Its credentials
 * are s3rver's fixed pair `S3RVER` / `S3RVER`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '../src/storage/s3-client.ts';

export interface S3Double {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  /** A path-style client with the double's credentials. */
  client: S3Client;
  /** Environment of a service process storing product images in `bucket` of this double. */
  storageEnv(bucket: string, prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/** Lets browsers on any origin read a bucket (GET), as a public-read bucket behind a CDN does. */
const BROWSER_READABLE_CORS = '<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>';

export interface S3DoubleOptions {
  /** TCP port on 127.0.0.1 (default 0: one the OS picks). */
  port?: number;
  /** Where the objects live (kept on close); default a temporary directory, removed on close. */
  directory?: string;
  /** Buckets browsers may read from any origin (CORS GET), e.g. released remote builds. */
  browserReadable?: string[];
}

/** Starts s3rver with `buckets` (made when missing) on 127.0.0.1. @throws when the port is taken. */
export async function startS3Double(buckets: string[], options: S3DoubleOptions = {}): Promise<S3Double> {
  const dir = options.directory ?? (await mkdtemp(path.join(os.tmpdir(), 'prata-s3-')));
  const configureBuckets = buckets.map((name) => ({ name, configs: options.browserReadable?.includes(name) ? [BROWSER_READABLE_CORS] : [] }));
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory: dir, configureBuckets });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    client: createS3Client({ endpoint, region: 'us-east-1', forcePathStyle: true }, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
    storageEnv: (bucket, prefix = '') => ({
      STORAGE: 's3',
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_PREFIX: prefix,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    close: async () => {
      await server.close();
      if (!options.directory) await rm(dir, { recursive: true, force: true });
    },
  };
}

