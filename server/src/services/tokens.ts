import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token; only its SHA-256 is stored, so a database leak gives no usable token. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const now = (): string => new Date().toISOString();
export const inMs = (ms: number): string => new Date(Date.now() + ms).toISOString();
