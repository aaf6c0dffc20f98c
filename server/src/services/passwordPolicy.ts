import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ValidationError } from '../http/errors';

/**
 * What a new password must not be (OWASP ASVS 6.2): shorter than 8 characters (the schema says so),
 * one of the 10,000 most common passwords (server/assets/common-passwords.txt, shipped in the
 * repository), or built on the account's own email or name.
 */
export const TOO_COMMON = 'This password is too common. Please choose another.';
export const TOO_PERSONAL = 'The password must not contain your name or email.';

function listFile(): string {
  // server/src/services (tsx) or build/server/src/services (compiled): walk up to the package root
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = resolve(dir, '..');
    if (parent === dir) break;
    dir = parent;
  }
  return join(dir, 'server', 'assets', 'common-passwords.txt');
}

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    const lines = readFileSync(listFile(), 'utf8').split('\n');
    common = new Set(lines.filter((l) => l && !l.startsWith('#')).map((l) => l.trim().toLowerCase()));
  }
  return common;
}

export interface PasswordOwner {
  email?: string | null;
  names?: readonly (string | null | undefined)[];
}

/** The words of an account that its password must not contain: the email, its local part, names of 4+ letters. */
function personalWords(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase() ?? '';
  const names = (owner.names ?? []).map((n) => n?.trim().toLowerCase() ?? '').filter(Boolean);
  const words = [email, email.split('@')[0] ?? '', ...names, names.join('')];
  return [...new Set(words)].filter((w) => w.length >= 4);
}

/** The reason a password may not be used, or null. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower) || commonPasswords().has(lower.trim())) return TOO_COMMON;
  if (personalWords(owner).some((w) => lower.includes(w))) return TOO_PERSONAL;
  return null;
}

/** How many passwords the list holds (the README quotes it; a test checks the file is whole). */
export const commonPasswordCount = (): number => commonPasswords().size;

/** Refuses (422 on `field`) a password that `passwordProblem` finds fault with. */
export function assertPasswordAllowed(password: string, owner: PasswordOwner, field = 'password'): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw ValidationError.field(field, problem);
}
