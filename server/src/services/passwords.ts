import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read)
const ARGON2ID = 2;

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

export const hashPassword = (password: string, cost: Argon2Cost): Promise<string> =>
  hash(password, { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the email is unknown so timing does not tell. */
let dummy: Promise<string> | null = null;
export const dummyHash = (cost: Argon2Cost) => (dummy ??= hashPassword('not-a-real-password', cost));
