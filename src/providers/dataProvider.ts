/**
 * The console's data provider, in layers like ra-data-simple-rest: react-admin's standard calls for
 * /api/admin (baseDataProvider.ts), then this console's own calls (consoleMethods.ts, with the
 * resumable uploader of chunkedUpload.ts). Another backend replaces the whole object (README).
 */
import type { DataProvider } from 'ra-core';
import { createBaseDataProvider } from './baseDataProvider';
import { createConsoleMethods, type AppDataProviderMethods, type DataProviderOptions } from './consoleMethods';

export type AppDataProvider = DataProvider & AppDataProviderMethods;

export function createDataProvider(options: DataProviderOptions = {}): AppDataProvider {
  return { ...createBaseDataProvider(options.apiUrl, options.http), ...createConsoleMethods(options) };
}

/**
 * A 4xx answer will not change by asking again, and a read answered 503 was already asked again by the
 * HTTP layer (readRetry in http.ts); anything else is retried twice (react-query's retry).
 */
export const retryUnlessClientError = (failures: number, error: unknown): boolean => {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return !(typeof status === 'number' && ((status >= 400 && status < 500) || status === 503)) && failures < 2;
};

export const dataProvider: AppDataProvider = createDataProvider();

export default dataProvider;

export { fetchPageUrl, normaliseRecord, toHttpError, toWriteBody, type HttpClient, type ListPage } from './baseDataProvider';
export { UPLOAD_FAILED, type ChunkedUploadOptions, type UploadedFile, type UploadRetry } from './chunkedUpload';
export type * from './consoleMethods';
