import type { Config } from '../config';
import { S3Storage } from './s3Storage';
import { LocalStorage, type Storage } from './storage';

/** The storage driver the configuration names (STORAGE): DATA_DIR on this machine, or the bucket. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir' | 'appKey'>): Storage {
  return config.storage.driver === 's3' ? new S3Storage(config.storage.s3, config.appKey) : new LocalStorage(config.dataDir, config.appKey);
}
