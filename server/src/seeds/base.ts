import { randomBytes, randomUUID } from 'node:crypto';
import countriesData from 'i18n-iso-countries';
import { SUPER_ADMIN_ROLE } from '../../../contract/permissions';
import type { Config } from '../config';
import { hashPassword } from '../services/passwords';
import { now } from '../services/tokens';
import type { Db } from '../db/index';

export interface BaseSeedResult {
  /** set when the first admin was created with a generated password, to print once */
  generatedPassword: string | null;
  adminEmail: string | null;
}

/**
 * Reference data every install needs, idempotent: the super admin role, the first super admin and the
 * ISO 3166 countries. Runs on every start; it only fills what is missing.
 */
export async function seedBase({ db }: Db, config: Config): Promise<BaseSeedResult> {
  const stamp = now();
  let role = await db.selectFrom('roles').select('id').where('is_super', '=', 1).executeTakeFirst();
  if (!role) {
    role = await db.insertInto('roles').values({ name: SUPER_ADMIN_ROLE, is_super: 1, created_by: null, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
  }

  const result: BaseSeedResult = { generatedPassword: null, adminEmail: null };
  const anyAdmin = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (!anyAdmin) {
    const email = (config.adminEmail ?? 'admin@example.org').toLowerCase();
    const password = config.adminPassword ?? randomBytes(12).toString('base64url');
    await db.insertInto('admins').values({
      f_name: 'Super', l_name: 'Admin', email, phone: null, cnic: null, dob: null, gender: 'male',
      password_hash: await hashPassword(password, config.argon2), role_id: role.id, prev_role_id: null,
      status: 1, pusher_id: randomUUID(), profile_image: null, created_by: null, updated_by: null,
      created_at: stamp, updated_at: stamp,
    }).execute();
    result.adminEmail = email;
    if (!config.adminPassword) result.generatedPassword = password;
  }

  const haveCountries = await db.selectFrom('countries').select('id').limit(1).executeTakeFirst();
  if (!haveCountries) {
    const names = countriesData.getNames('en', { select: 'official' });
    const rows = Object.entries(names)
      .map(([iso2, country]) => ({ country, iso2, iso3: countriesData.alpha2ToAlpha3(iso2) ?? iso2, created_at: stamp, updated_at: stamp }))
      .sort((a, b) => a.country.localeCompare(b.country));
    await db.insertInto('countries').values(rows).execute();
  }
  return result;
}
