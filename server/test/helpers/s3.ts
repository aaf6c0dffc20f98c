import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { s3Client, type S3Settings } from '../../src/services/s3Storage';

/**
 * A real S3 wire protocol on this machine: s3rver (an S3-compatible server written in Node, keeping
 * its objects in a temporary folder) on a free port of 127.0.0.1, path-style. Nothing sits between
 * the server under test and it but HTTP. Each suite makes its own bucket(s).
 */
export interface S3Server {
  endpoint: string;
  /** a new, empty bucket: its settings and the environment that points a server at it (STORAGE=s3) */
  bucket(tag?: string): Promise<{ settings: S3Settings; env: Record<string, string> }>;
  stop(): Promise<void>;
}

const KEY = 'S3RVER';

export async function startS3(): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let n = 0;
  return {
    endpoint,
    async bucket(tag = 'files') {
      const name = `${tag}-${process.pid}-${++n}-${Math.random().toString(36).slice(2, 8)}`.toLowerCase().slice(0, 63);
      const settings: S3Settings = { bucket: name, prefix: 'console/', endpoint, region: 'us-east-1', accessKeyId: KEY, secretAccessKey: KEY };
      const client = s3Client(settings);
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
      return {
        settings,
        env: { STORAGE: 's3', S3_BUCKET: name, S3_PREFIX: 'console/', AWS_ENDPOINT_URL_S3: endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: KEY, AWS_SECRET_ACCESS_KEY: KEY },
      };
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
