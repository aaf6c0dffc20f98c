import { Type } from '@sinclair/typebox';
import countriesData from 'i18n-iso-countries';
import type { Generated, Kysely } from 'kysely';
import { BLOOD_GROUPS, MARITAL_STATUSES, PERSON_GENDERS, USER_STATUS, type UserType } from '../../../../contract/enums';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { Fields, MAX_ID } from '../../http/fields';
import type { FileSpec, Row, WriteContext } from '../../http/resource';
import { assertPasswordAllowed } from '../../services/passwordPolicy';
import { hashPassword } from '../../services/passwords';
import { now } from '../../services/tokens';

/**
 * People with accounts: patients, their family members, CHWs and doctors are rows of one table,
 * `users` (email, password hash, status, type and the person fields they share), each kind with a
 * profile table of its own columns keyed by the user's id. Status, credentials email, password reset
 * and the field apps' sign-in (routes/field/auth.ts) therefore work the same for every kind, and an email
 * is unique across all of them.
 */
declare module '../../db/schema' {
  interface Database {
    users: {
      id: Generated<number>;
      type: string;
      email: string | null;
      password_hash: string | null;
      status: Generated<number>;
      f_name: string;
      l_name: string | null;
      phone_no: string | null;
      cnic: string | null;
      dob: string | null;
      age: number | null;
      gender: Generated<string>;
      photo: string | null;
      short_bio: string | null;
      country_id: number | null;
      city_id: number | null;
      state: string | null;
      zipcode: string | null;
      street: string | null;
      parent_id: number | null;
      relation: string | null;
      created_by: number | null;
      updated_by: number | null;
      created_at: string;
      updated_at: string;
    };
    patient_profiles: { id: number; blood_group: string | null; height: number | null; weight: number | null; marital_status: string | null; district_id: number | null; tehsil_id: number | null };
    chw_profiles: {
      id: number;
      qualification_id: number;
      district_id: number;
      tehsil_id: number;
      area_id: number;
      joining_date: string;
      blood_group: string | null;
      height: number | null;
      weight: number | null;
      marital_status: string | null;
    };
    user_tokens: { id: Generated<number>; user_id: number; token_hash: string; expires_at: string; created_at: string; ip: string | null };
    user_password_resets: { id: Generated<number>; user_id: number; token_hash: string; expires_at: string; used_at: string | null; created_at: string };
  }
}

/** Every person resource searches the same columns: the one search index of `users` covers exactly these. */
export const PERSON_SEARCH = ['email', 'f_name', 'l_name', 'phone_no', 'cnic'] as const;
/** The columns of `users` a person resource returns (never the password hash). */
export const PERSON_COLUMNS = [
  'type', 'email', 'status', 'f_name', 'l_name', 'phone_no', 'cnic', 'dob', 'age', 'gender', 'photo', 'short_bio',
  'country_id', 'city_id', 'state', 'zipcode', 'street', 'parent_id', 'relation', 'created_by', 'updated_by', 'created_at', 'updated_at',
] as const;

export const MESSAGES = {
  name: 'Please provide a name.',
  email: 'Please provide a valid email.',
  phone: 'Please provide a number atleast 11 digits.',
  confirm: 'Please provide a confirm password.',
  mismatch: 'Passwords do not match',
  dob: 'Please provide a date of birth.',
  dobFuture: 'The date of birth cannot be in the future.',
  age: 'Please provide an age.',
  cnic: 'Please provide a cnic atleast 13 digits.',
  gender: 'Please choose male, female or transgender.',
  emailTaken: 'The email has already been taken.',
  cnicTaken: 'The cnic has already been taken.',
  city: 'Please select a City.',
  country: 'Please select a country.',
  cityTwice: 'city and city_id name different cities; send one of them.',
  countryTwice: 'country and country_id name different countries; send one of them.',
} as const;

/** A 1×1 PNG for the declarations' sample bodies. */
export const SAMPLE_PHOTO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The photo of a person: JPG or PNG, checked by content. */
export const PHOTO: FileSpec = { kinds: ['jpg', 'png'], folder: 'people', uploads: ['profile', 'media'], message: 'File format not supported. JPG/JPEG/PNG', maxBytes: 5 * 1024 * 1024 };

/** What a person's record presents beside its columns, read-only: a body may send it back. */
export const PERSON_READ_ONLY = {
  full_name: 'read-only: the first and last names joined',
} as const;

/**
 * The account's status where the spec reads it (`user.status`, spec 2: "Status (user.status)"), beside
 * the record's own `status`: read-only, compared with the record when sent back (a declaration's `readOnly`).
 */
export const USER_STATUS_READ = { user: 'the account\'s status as the spec reads it (user.status); block and unblock change it' } as const;

/** `user: { status }` as a person's record presents it (the declaration's `presents`). */
export const USER_STATUS_PRESENTS = { user: Type.Object({ status: Type.Integer() }) };

/** `user: { status }` of people rows (USER_STATUS_READ). */
export function addUserStatus(rows: Row[]): void {
  for (const r of rows) r.user = { status: r.status };
}

/** A person's body (the patient's form; a CHW's model carries them too, spec 2 section 3). Optional. */
export const bodyFields = {
  blood_group: Type.Optional(Fields.optionalEnumOf(BLOOD_GROUPS, 'Please choose a blood group.')),
  height: Type.Optional(Fields.optionalNumber('Please provide the height in centimetres.', 0, 300)),
  weight: Type.Optional(Fields.optionalNumber('Please provide the weight in kilograms.', 0, 500)),
  marital_status: Type.Optional(Fields.optionalEnumOf(MARITAL_STATUSES, 'Please choose a marital status.')),
};
export const BODY_COLUMNS = ['blood_group', 'height', 'weight', 'marital_status'] as const;

/** The spec's capitalised genders (its form's Male, Female, Transgender) beside the stored ones: both are taken, the stored one kept. */
const GENDER_VALUES = [...PERSON_GENDERS, ...PERSON_GENDERS.map((g) => `${g[0]!.toUpperCase()}${g.slice(1)}`)] as const;

/** The body fields every person form shares (spec 2 sections 3 and 5). */
export const personFields = {
  f_name: Fields.text(MESSAGES.name, 100),
  l_name: Type.Optional(Fields.optionalText(100)),
  phone_no: Fields.digits(11, 11, MESSAGES.phone),
  dob: Fields.requiredDate(MESSAGES.dob),
  age: Type.Optional(Fields.optionalInteger(MESSAGES.age, 0, 130)),
  gender: Type.Optional(Fields.enumOf(GENDER_VALUES, MESSAGES.gender)),
  short_bio: Type.Optional(Fields.optionalText(1000)),
};

/** The address relations a person record presents (`country: { country, iso2 }`, `city: { title }`). */
export const ADDRESS_RELATIONS = [
  { as: 'country', column: 'country_id', resource: 'countries', table: 'countries', columns: ['country', 'iso2'] },
  { as: 'city', column: 'city_id', resource: 'cities', table: 'cities', columns: ['title'] },
] as const;

/** The record's own presented relation sent back whole (react-admin's edit forms send the record): changes nothing. */
const presentedRelation = Type.Object({}, { additionalProperties: true });

/**
 * The address fields of people. `country` and `city` are the spec's names (spec 2 section 3: the
 * country's name, a city's id), beside the project's `country_id` and `city_id`; either names the
 * same column, and both at once must agree.
 */
export const addressFields = {
  country_id: Type.Optional(Fields.optionalReference(MESSAGES.country)),
  city_id: Type.Optional(Fields.optionalReference(MESSAGES.city)),
  country: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null(), presentedRelation], { 'x-message': MESSAGES.country, description: "the country's name (or iso2 / iso3 code)" })),
  city: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: MAX_ID }), Type.String({ pattern: '^[0-9]{1,10}$' }), Type.Null(), presentedRelation], { 'x-message': MESSAGES.city, description: "a city's id" })),
  state: Type.Optional(Fields.optionalText(100)),
  zipcode: Type.Optional(Fields.optionalText(20)),
  street: Type.Optional(Fields.optionalText(191)),
};

/** The fields of people who sign in to a field app: email, and on add the password pair and 'send credentials'. */
export const accountFields = {
  email: Fields.email(MESSAGES.email),
  password: Fields.password(),
  confirmPassword: Fields.text(MESSAGES.confirm, 128),
  send_credentials: Type.Optional(Fields.boolean()),
};

/**
 * The account fields of an edit (spec 2: "Password and confirm are optional"): a password given is a new
 * one for the field app, and 'send credentials' mails it (the create body sent to an edit, as the spec's
 * form does).
 */
export const accountUpdateFields = {
  email: accountFields.email,
  password: accountFields.password,
  confirmPassword: accountFields.confirmPassword,
  send_credentials: accountFields.send_credentials,
};

const today = () => new Date().toISOString().slice(0, 10);

async function checkFree(db: Kysely<Database>, column: 'email' | 'cnic', value: string, selfId: number | null, message: string) {
  const clash = await db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst();
  if (clash && clash.id !== selfId) throw ValidationError.field(column, message);
}

async function exists(db: Kysely<Database>, table: 'countries' | 'cities', id: unknown): Promise<boolean> {
  return typeof id === 'number' && Boolean(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * The spec's `city` (an id) and `country` (a name, or an iso2 / iso3 code) as `city_id` and
 * `country_id`, into `v`; the presented relation object sent back is left alone.
 */
async function specAddress(db: Kysely<Database>, input: Row, v: Row, errors: Record<string, string[]>): Promise<void> {
  const { city, country } = input;
  if (typeof city === 'number' || typeof city === 'string') {
    const id = Number(city);
    if (input.city_id !== undefined && input.city_id !== id) errors.city = [MESSAGES.cityTwice];
    else if (id > MAX_ID || !(await exists(db, 'cities', id))) errors.city = [MESSAGES.city];
    else v.city_id = id;
  } else if (city === null && input.city_id === undefined) v.city_id = null;
  if (typeof country === 'string' && country.trim()) {
    const name = country.trim().toLowerCase();
    // the stored name or code, else a common name of an ISO country ("United States", the spec's default, is stored as its official name)
    const iso2 = countriesData.getAlpha2Code(country.trim(), 'en')?.toLowerCase() ?? name;
    const found = await db.selectFrom('countries').select('id')
      .where((eb) => eb.or([eb(eb.fn('lower', ['country']), '=', name), eb(eb.fn('lower', ['iso2']), '=', iso2), eb(eb.fn('lower', ['iso3']), '=', name)]))
      .orderBy('id').executeTakeFirst();
    if (!found) errors.country = [MESSAGES.country];
    else if (input.country_id !== undefined && input.country_id !== found.id) errors.country = [MESSAGES.countryTwice];
    else v.country_id = found.id;
  } else if ((country === null || country === '') && input.country_id === undefined) v.country_id = null;
}

/** The United States, the spec's default country of a new patient or doctor. */
export async function defaultCountryId(db: Kysely<Database>): Promise<number | null> {
  const us = await db.selectFrom('countries').select('id').where('iso2', '=', 'US').executeTakeFirst();
  return us?.id ?? null;
}

export interface PersonRules {
  /** the kind signs in (email required and unique, password pair on add) */
  account: boolean;
  /** the age must be known after an edit (spec 2: optional on add, required on edit) */
  ageOnEdit?: boolean;
  /** added without a country, the person is of the spec's default country, the United States (the patient's and doctor's forms) */
  defaultCountry?: boolean;
}

/**
 * The `users` values of a person body: trimmed names, lower-case unique email and CNIC, the date of
 * birth not in the future, the address's country and city known, on add the password pair (checked
 * against the password policy) hashed, and `updated_by`. Returns the values; throws 422 with every
 * field's message at once.
 */
export async function personValues(w: WriteContext, input: Row, existing: Row | null, rules: PersonRules): Promise<Row> {
  const v: Row = {};
  const errors: Record<string, string[]> = {};
  const copy = ['phone_no', 'dob', 'age', 'short_bio', 'country_id', 'city_id', 'state', 'zipcode', 'street'];
  for (const key of copy) if (input[key] !== undefined) v[key] = input[key];
  if (typeof input.gender === 'string') v.gender = input.gender.toLowerCase();
  if (typeof input.f_name === 'string') v.f_name = input.f_name.trim();
  if (input.l_name !== undefined) v.l_name = typeof input.l_name === 'string' ? input.l_name.trim() || null : null;
  await specAddress(w.db, input, v, errors);
  if (typeof input.dob === 'string' && input.dob > today()) errors.dob = [MESSAGES.dobFuture];
  if (input.email !== undefined) {
    v.email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : null;
    if (v.email) {
      try {
        await checkFree(w.db, 'email', String(v.email), (existing?.id as number | undefined) ?? null, MESSAGES.emailTaken);
      } catch (e) {
        if (e instanceof ValidationError) Object.assign(errors, e.fieldErrors);
        else throw e;
      }
    }
  }
  if (typeof input.cnic === 'string') {
    v.cnic = input.cnic;
    try {
      await checkFree(w.db, 'cnic', input.cnic, (existing?.id as number | undefined) ?? null, MESSAGES.cnicTaken);
    } catch (e) {
      if (e instanceof ValidationError) Object.assign(errors, e.fieldErrors);
      else throw e;
    }
  }
  if (input.country_id !== undefined && input.country_id !== null && !(await exists(w.db, 'countries', input.country_id))) errors.country_id = [MESSAGES.country];
  if (input.city_id !== undefined && input.city_id !== null && !(await exists(w.db, 'cities', input.city_id))) errors.city_id = [MESSAGES.city];
  if (existing && rules.ageOnEdit) {
    const age = input.age !== undefined ? input.age : existing.age;
    if (age === null || age === undefined) errors.age = [MESSAGES.age];
  }
  // a password on add (the schema requires it), or a new one on edit
  const newPassword = rules.account && (!existing || (input.password !== undefined && input.password !== null));
  if (newPassword) {
    const current = (key: string) => (v[key] !== undefined ? v[key] : existing?.[key]) as string | null | undefined;
    if (input.confirmPassword === undefined || input.confirmPassword === null) errors.confirmPassword = [MESSAGES.confirm];
    else if (input.password !== input.confirmPassword) errors.confirmPassword = [MESSAGES.mismatch];
    else if (typeof input.password === 'string') {
      try {
        assertPasswordAllowed(input.password, { email: current('email'), names: [current('f_name'), current('l_name')], details: [current('phone_no'), current('cnic')] });
      } catch (e) {
        if (e instanceof ValidationError) Object.assign(errors, e.fieldErrors);
        else throw e;
      }
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (newPassword && typeof input.password === 'string') v.password_hash = await hashPassword(input.password, w.ctx.config.argon2);
  if (!existing) {
    v.status = USER_STATUS.active;
    v.gender ??= 'male';
    if (v.country_id === undefined) v.country_id = rules.defaultCountry ? await defaultCountryId(w.db) : null;
  } else {
    const id = existing.id as number;
    // a new password ends the app's sessions (in this write's transaction), and a new password or email the reset links sent before
    if (v.password_hash) await revokeUserTokens(w.db, id);
    if (v.password_hash || (v.email !== undefined && v.email !== existing.email)) await endUserResetLinks(w.db, id);
  }
  v.updated_by = w.admin.id;
  return v;
}

/**
 * After the account is written: its credentials by email when asked for, on an add or with a new
 * password on an edit (queued in the write's transaction, sent after its commit; a mail server away
 * delays it, never loses it: services/mailQueue.ts).
 */
export async function sendCredentialsLater(w: WriteContext, input: Row, values: Row, kind: UserType, existing: Row | null = null): Promise<void> {
  if (!input.send_credentials || typeof values.email !== 'string' || typeof input.password !== 'string') return;
  await w.ctx.mail.queue(w.db, 'credentials', credentialsMail(w.ctx, values.email, String(values.f_name ?? ''), input.password, kind, existing !== null));
  w.afterCommit(async () => w.ctx.mail.kick());
}

const APP_NAMES: Record<UserType, string> = { patient: 'patient app', family: 'patient app', chw: 'community health worker app', doctor: 'doctor app' };

function credentialsMail(ctx: AppContext, to: string, name: string, password: string, kind: UserType, renewed: boolean) {
  const what = renewed
    ? `Your account on the ${APP_NAMES[kind]} of the health programme has a new password.\n\n`
    : `An account has been created for you on the ${APP_NAMES[kind]} of the health programme.\n\n`;
  return {
    to,
    subject: 'Your account on the health programme',
    text:
      `Hello ${name},\n\n${what}` +
      `Email: ${to}\nPassword: ${password}\n\nSign in to the app with these and change your password after signing in.\n` +
      `If you forget it, the app can email you a reset link (${ctx.config.publicUrl}).\n`,
  };
}

/** Ends every unused reset link of a field account (a newer link, a completed reset, a new password or email). */
export async function endUserResetLinks(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('user_password_resets').set({ used_at: now() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Ends every field-app session of a user (blocked, deleted, or a new password). */
export async function revokeUserTokens(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).execute();
}

/** `full_name` of people rows, for lists and profiles. */
export function addFullNames(rows: Row[]): void {
  for (const r of rows) r.full_name = [r.f_name, r.l_name].filter((p) => typeof p === 'string' && p).join(' ');
}
