import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { GENDERS, USER_STATUS } from '../../../contract/enums';
import type { AppContext, Principal } from '../context';
import { requireAdmin } from '../http/auth';
import { listAnswers, writeContext } from '../http/crud';
import { ok, MESSAGES } from '../http/envelope';
import { listQuerySchema } from '../http/listQuery';
import { answers, recordId, ref } from '../http/responses';
import { conflict, forbidden, notFound, ValidationError } from '../http/errors';
import { Fields, idList } from '../http/fields';
import { uploadRoute } from '../http/bodyLimits';
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../db/schema';
import { type CrudHelpers, defineResource, type Row, type RowOf, type WriteContext } from '../http/resource';
import { embedded, fileLink, oneOfTypes } from '../http/responses';
import { audit, diff } from '../services/audit';
import { assertPasswordAllowed } from '../services/passwordPolicy';
import { hashPassword, verifyPassword } from '../services/passwords';
import { hit, signedIn } from '../services/throttle';
import { endResetLinks, loginLimits, tooManyAttempts } from '../services/signIn';
import { imageType } from '../services/storage';
import { holdNew, release } from '../services/storedFiles';
import { now } from '../services/tokens';

const PASSWORD_MISMATCH = 'Passwords do not match';
const PROFILE_PHOTO_BYTES = 5 * 1024 * 1024;
const CHANGE_MISMATCH = "Password didn't match.";

const profileFields = {
  f_name: Fields.text('Please provide a name.', 100),
  l_name: Type.Optional(Fields.optionalText(100)),
  email: Fields.email(),
  phone: Type.Optional(Fields.optionalDigits(1, 11, 'Please provide a number atleast 11 digits.')),
};

const editable = {
  ...profileFields,
  cnic: Fields.digits(13, 13, 'Please provide a cnic atleast 13 digits.'),
  dob: Type.Optional(Fields.date('Please provide a valid date of birth.')),
  gender: Type.Optional(Fields.enumOf(GENDERS, 'Please choose male or female.')),
  role: Type.Optional(Fields.text('Please select a role.', 100)),
  role_id: Type.Optional(Fields.reference('Please select a role.')),
  /** the districts the admin is limited to; none (or an empty list): every district */
  district_ids: Type.Optional(idList(Fields.reference('Please select a district.'), { maxItems: 200, 'x-message': 'Please select districts from the list.' })),
};

const createSchema = Type.Object(
  {
    ...editable,
    password: Fields.password(),
    confirmPassword: Fields.text(PASSWORD_MISMATCH, 128),
    send_credentials: Type.Optional(Fields.boolean()),
  },
  { additionalProperties: false },
);

/** what an admin sends to change their own email here: where reset links go (the profile route calls it `password`) */
const CURRENT_PASSWORD = 'current_password';
const updateSchema = Type.Partial(
  Type.Object({ ...editable, [CURRENT_PASSWORD]: Fields.text('Please provide your current password.', 128) }),
  { additionalProperties: false },
);

const today = () => new Date().toISOString().slice(0, 10);

/**
 * No escalation through another account: only a super admin may change, block, delete or set the
 * password of a super admin, and a sub admin only those admins whose permissions it holds itself.
 */
async function guardTarget(db: Kysely<Database>, actor: Principal, target: Pick<RowOf<'admins'>, 'id' | 'role_id'>) {
  if (actor.isSuper) return;
  // an admin limited to some districts acts only on admins limited to (some of) the same
  if (actor.districtIds) {
    const theirs = await db.selectFrom('admin_districts').select('district_id').where('admin_id', '=', target.id).execute();
    if (!theirs.length || theirs.some((d) => !actor.districtIds!.includes(d.district_id))) {
      throw forbidden('You cannot change an admin who is responsible for districts you are not responsible for.');
    }
  }
  const role = await db.selectFrom('roles').select('is_super').where('id', '=', target.role_id).executeTakeFirst();
  if (role?.is_super) throw forbidden('Only a super admin can change a super admin.');
  const held = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', target.role_id).execute();
  if (held.some((p) => !actor.permissions.has(p.permission))) {
    throw forbidden('You cannot change an admin who holds permissions you do not hold.');
  }
}

/** The role named by `role_id` or `role`. Nobody hands out more than they hold: a sub admin may only give a
 * role (other than the one the admin already has) whose permissions it holds itself. */
async function resolveRole(w: WriteContext, input: { role?: string; role_id?: number }, currentRoleId: number | null): Promise<number | undefined> {
  if (input.role === undefined && input.role_id === undefined) return undefined;
  let query = w.db.selectFrom('roles').select(['id', 'is_super']);
  query = input.role_id !== undefined ? query.where('id', '=', input.role_id) : query.where('name', '=', input.role ?? '');
  const role = await query.executeTakeFirst();
  if (!role) throw ValidationError.field('role', 'Please select a role.');
  if (role.is_super && !w.admin.isSuper) throw ValidationError.field('role', 'Only a super admin can give the super admin role.');
  if (!w.admin.isSuper && role.id !== currentRoleId) {
    const granted = await w.db.selectFrom('role_permissions').select('permission').where('role_id', '=', role.id).execute();
    const notHeld = granted.map((g) => g.permission).filter((p) => !w.admin.permissions.has(p));
    if (notHeld.length) throw ValidationError.field('role', `You cannot give a role with permissions you do not hold: ${notHeld.join(', ')}.`);
  }
  return role.id;
}

/**
 * The districts given to an admin: known ones, and for an actor limited to some districts, some of
 * those (and some at all: an admin it adds without districts would be responsible for every one).
 */
async function checkDistricts(w: WriteContext, ids: number[] | undefined, creating: boolean): Promise<void> {
  const limited = w.admin.districtIds;
  if (ids === undefined && !(creating && limited)) return;
  const list = [...new Set(ids ?? [])];
  if (limited && (!list.length || list.some((id) => !limited.includes(id)))) {
    throw ValidationError.field('district_ids', 'Please choose among the districts you are responsible for.');
  }
  if (list.length) {
    const known = await w.db.selectFrom('districts').select('id').where('id', 'in', list).execute();
    if (known.length !== list.length) throw ValidationError.field('district_ids', 'Please select districts from the list.');
  }
}

async function checkEmailFree(db: Kysely<Database>, email: string, selfId: number | null) {
  const clash = await db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
  if (clash && clash.id !== selfId) throw ValidationError.field('email', 'The email has already been taken.');
}

async function revokeTokens(db: Kysely<Database>, adminId: number, keepTokenId?: number) {
  let q = db.deleteFrom('auth_tokens').where('admin_id', '=', adminId);
  if (keepTokenId !== undefined) q = q.where('id', '!=', keepTokenId);
  await q.execute();
}

async function lastActiveSuperAdmin(db: Kysely<Database>, row: Pick<RowOf<'admins'>, 'id' | 'role_id'>): Promise<boolean> {
  const role = await db.selectFrom('roles').select('is_super').where('id', '=', row.role_id).executeTakeFirst();
  if (!role?.is_super) return false;
  const others = await db
    .selectFrom('admins')
    .select('id')
    .where('role_id', '=', row.role_id)
    .where('status', '=', USER_STATUS.active)
    .where('id', '!=', row.id)
    .executeTakeFirst();
  return !others;
}

/**
 * To the address an account leaves: it learns of the change even when the change was not its owner's
 * doing (a stolen session, another admin), while reset links and notices go to the new one.
 */
function emailChangedMail(ctx: AppContext, old: { email: string; f_name: string }, by: Principal | null) {
  const who = by ? `by another administrator, ${by.f_name} <${by.email}>` : 'from your own account';
  return {
    to: old.email,
    subject: 'The email of your console account was changed',
    text: `Hello ${old.f_name},\n\nThe email address of your account on the health programme console (${ctx.config.publicUrl}) ` +
      `was changed from ${old.email} to another address ${who} on ${new Date().toUTCString()}. Reset links and notices now go to ` +
      `the new address, and the reset links sent here no longer work.${by ? ' Your sessions were signed out.' : ''}\n\n` +
      'If you did not expect this, tell your programme administrator at once.\n',
  };
}

/**
 * An admin's email changes: the unused reset links sent to the old address end, the old address is
 * told after the commit, and when another admin made the change, every session of the account ends
 * (whoever holds it now learns the change at the next request).
 */
async function emailChanged(w: { ctx: AppContext; db: Kysely<Database>; admin: Principal; afterCommit(task: () => Promise<void>): void }, old: { id: number; email: string; f_name: string }) {
  await endResetLinks(w.db, old.id);
  const byAnother = old.id !== w.admin.id;
  if (byAnother) await revokeTokens(w.db, old.id);
  await w.ctx.mail.queue(w.db, 'email_changed', emailChangedMail(w.ctx, old, byAnother ? w.admin : null));
  w.afterCommit(async () => w.ctx.mail.kick());
}

function credentialsMail(ctx: AppContext, to: string, name: string, password: string) {
  const url = ctx.config.publicUrl;
  return {
    to,
    subject: 'Your console account',
    text: `Hello ${name},\n\nAn account has been created for you on the health programme console.\n\n` +
      `Sign in at: ${url}/auth/login\nEmail: ${to}\nPassword: ${password}\n\nPlease change your password after signing in.\n`,
  };
}

export const admins = defineResource<'admins'>()({
  name: 'admins',
  ignored: {
    prevRole: 'the previous role is kept by the server when role_id changes (the spec\'s console sends the one it saw)',
    roles: 'read-only: the role as a list of names, from role_id',
    file: 'read-only: the profile photo, changed through POST /admins/profile',
    districts: 'read-only: the districts of district_ids',
  },
  table: 'admins',
  module: 'sub_admin',
  columns: ['f_name', 'l_name', 'email', 'phone', 'cnic', 'dob', 'gender', 'role_id', 'prev_role_id', 'status',
    'pusher_id', 'profile_image', 'created_by', 'updated_by', 'created_at', 'updated_at'],
  createSchema,
  updateSchema,
  exportColumns: ['id', 'f_name', 'l_name', 'email', 'phone', 'cnic', 'dob', 'gender', 'role', 'status', 'created_at'],
  searchable: ['f_name', 'l_name', 'email', 'phone'],
  sortable: ['f_name', 'l_name', 'email', 'phone', 'status', 'created_at', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  filters: { role_id: 'integer' },
  // the districts an admin is limited to, read with the page (on PostgreSQL within its statement); enrich adds their ids
  linked: { districts: { link: 'admin_districts', key: 'admin_id', linkKey: 'district_id', table: 'districts', columns: ['title'], orderBy: 'title' } },
  status: { kind: 'user' },
  presents: {
    role: oneOfTypes('string', 'null'),
    prevRole: oneOfTypes('string', 'null'),
    roles: Type.Array(Type.Object({ name: Type.String() })),
    file: fileLink(),
    district_ids: Type.Array(Type.Integer()),
    districts: embedded({ title: Type.String() }),
    profile_image: null,
  },
  hooks: {
    // one's own email (where reset links go) changes only with one's current password, on this route as on the profile
    async precheck({ ctx, admin, request }, input, existing) {
      if (!existing || existing.id !== admin.id || input.email === undefined) return;
      if (input.email.trim().toLowerCase() === existing.email) return;
      await checkCurrentPassword(ctx, admin, (input as Row)[CURRENT_PASSWORD] as string | undefined, CURRENT_PASSWORD, request.ip);
    },
    async prepare(w, input, existing) {
      const values: Updateable<Database['admins']> = {};
      if (input.f_name !== undefined) values.f_name = input.f_name.trim();
      if (input.l_name !== undefined) values.l_name = input.l_name?.trim() ?? null;
      if (input.phone !== undefined) values.phone = input.phone;
      if (input.cnic !== undefined) values.cnic = input.cnic;
      if (input.dob !== undefined) values.dob = input.dob;
      if (input.gender !== undefined) values.gender = input.gender;
      if (existing) await guardTarget(w.db, w.admin, existing);
      await checkDistricts(w, input.district_ids, !existing);
      if (typeof input.dob === 'string' && input.dob > today()) throw ValidationError.field('dob', 'The date of birth cannot be in the future.');
      if (input.email !== undefined) {
        values.email = input.email.trim().toLowerCase();
        await checkEmailFree(w.db, values.email, existing?.id ?? null);
        if (existing && values.email !== existing.email) await emailChanged(w, existing);
      }
      const roleId = await resolveRole(w, input, existing?.role_id ?? null);
      if (!existing) {
        if (roleId === undefined) throw ValidationError.field('role', 'Please select a role.');
        if (input.password === undefined || input.password !== input.confirmPassword) throw ValidationError.field('confirmPassword', PASSWORD_MISMATCH);
        assertPasswordAllowed(input.password, { email: values.email, names: [values.f_name, values.l_name] });
        values.password_hash = await hashPassword(input.password, w.ctx.config.argon2);
        values.pusher_id = randomUUID();
        values.status = USER_STATUS.active;
        values.created_by = w.admin.id;
        values.gender ??= 'male';
        values.role_id = roleId;
        if (input.send_credentials && values.email) {
          await w.ctx.mail.queue(w.db, 'credentials', credentialsMail(w.ctx, values.email, values.f_name ?? '', input.password));
          w.afterCommit(async () => w.ctx.mail.kick());
        }
      } else if (roleId !== undefined && roleId !== existing.role_id) {
        if (await lastActiveSuperAdmin(w.db, existing)) throw ValidationError.field('role', 'The last active super admin keeps the super admin role.');
        values.role_id = roleId;
        values.prev_role_id = existing.role_id; // the spec's prevRole
      }
      values.updated_by = w.admin.id;
      return values;
    },
    async afterWrite({ db }, row, input) {
      if (!Array.isArray(input.district_ids)) return;
      await db.deleteFrom('admin_districts').where('admin_id', '=', row.id).execute();
      const ids = [...new Set(input.district_ids)];
      if (ids.length) await db.insertInto('admin_districts').values(ids.map((district_id) => ({ admin_id: row.id, district_id }))).execute();
    },
    async beforeDelete({ db, admin }, row) {
      if (row.id === admin.id) throw conflict('You cannot delete your own account.');
      await guardTarget(db, admin, row);
      if (await lastActiveSuperAdmin(db, row)) throw conflict('The last active super admin cannot be deleted.');
    },
    async afterStatus({ db, admin }, row, status) {
      const full = await db.selectFrom('admins').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      if (full.id === admin.id) throw ValidationError.field('status', 'You cannot block your own account.');
      await guardTarget(db, admin, full);
      if (status === USER_STATUS.blocked) {
        if (await lastActiveSuperAdmin(db, full)) throw ValidationError.field('status', 'The last active super admin cannot be blocked.');
        await revokeTokens(db, row.id);
      }
    },
    async enrich(ctx, rows) {
      const roleIds = [...new Set(rows.flatMap((r) => [r.role_id, r.prev_role_id]).filter((v): v is number => typeof v === 'number'))];
      const roleRows = roleIds.length ? await ctx.db.selectFrom('roles').select(['id', 'name']).where('id', 'in', roleIds).execute() : [];
      const names = new Map(roleRows.map((r) => [r.id, r.name]));
      for (const r of rows) {
        r.role = names.get(r.role_id) ?? null;
        r.prevRole = r.prev_role_id ? names.get(r.prev_role_id) ?? null : null;
        r.roles = r.role ? [{ name: r.role }] : [];
        r.file = r.profile_image ? { path: ctx.storage.url(r.profile_image) } : null;
        // the linked districts (the declaration's `linked`), in their titles' order
        const mine = r.districts as unknown as { id: number; title: string; encrypted_id?: string }[];
        for (const d of mine) d.encrypted_id = ctx.ids.encode('districts', d.id);
        r.district_ids = mine.map((d) => d.id);
        // left out of the JSON (the photo is `file`); `delete` would make every row a slow dictionary object
        (r as Row).profile_image = undefined;
      }
    },
  },
  routes: registerAdminRoutes,
  sample: (n, ref) =>
    Promise.all([ref('roles'), ref('districts')]).then(([role, district]) => ({
      district_ids: [district.id],
      f_name: `Admin${n}`,
      l_name: 'Sample',
      email: `admin${n}.${Date.now()}@example.org`,
      phone: '03001234567',
      cnic: '3520112345671',
      dob: '1990-01-31',
      gender: 'female',
      role: role.name,
      password: 'amber lantern orchard',
      confirmPassword: 'amber lantern orchard',
    })),
  invalidSamples: [
    { f_name: 'Unknown district', email: 'district@b.org', cnic: '3520112345671', role: 'Super Admin', password: 'longenough1', confirmPassword: 'longenough1', district_ids: [999999] },
    { f_name: 'No email', cnic: '3520112345671', role: 'x', password: 'longenough1', confirmPassword: 'longenough1' },
    { f_name: 'Short cnic', email: 'a@b.org', cnic: '123', role: 'x', password: 'longenough1', confirmPassword: 'longenough1' },
    { f_name: 'Mismatch', email: 'mismatch@b.org', cnic: '3520112345671', role: 'Super Admin', password: 'longenough1', confirmPassword: 'other-one-22' },
    { f_name: 'Future', email: 'future@b.org', cnic: '3520112345671', role: 'Super Admin', dob: '2999-01-01', password: 'longenough1', confirmPassword: 'longenough1' },
  ],
});

const ProfileBody = Type.Object(
  {
    ...profileFields,
    file: Type.Optional(Fields.filePart('a JPG or PNG image, at most 5 MB (a file part of form data; null in JSON leaves the photo as it is)', true, 'File format not supported. JPG/JPEG/PNG')),
    /** the current password: needed to change the email, which is where reset links go */
    password: Type.Optional(Fields.text('Please provide your current password.', 128)),
  },
  { additionalProperties: false },
);
const OwnPasswordBody = Type.Object(
  { oldPassword: Fields.text('Please provide your current password.', 128), password: Fields.password(), confirmPassword: Fields.text(CHANGE_MISMATCH, 128) },
  { additionalProperties: false },
);
const OtherPasswordBody = Type.Object(
  { password: Fields.password(), confirmPassword: Fields.text(CHANGE_MISMATCH, 128), oldPassword: Type.Optional(Fields.text('Please provide your current password.', 128)) },
  { additionalProperties: false },
);

function registerAdminRoutes(app: FastifyInstance, crud: CrudHelpers) {
  const ctx = app.ctx;
  const tags = ['admins'];
  const signedIn = { access: {} };

  // the spec's list call: GET /admins/admin/{signed-in admin's encrypted id}, everyone but that admin
  app.get('/api/admin/admins/admin/:id', { config: { access: { permission: 'view_sub_admin' } }, schema: { tags, querystring: listQuerySchema(crud.def, { exports: true }), response: listAnswers(ref(recordId(crud.def))) } }, (request) => {
    const self = crud.decodeId((request.params as { id: string }).id);
    return crud.list(request, { excludeIds: [self] });
  });

  const admin = ref(recordId(crud.def));
  app.get('/api/admin/admins/profile', { config: signedIn, schema: { tags, response: answers(admin, 'The signed-in admin.') } }, async (request) => ok(await crud.loadOne(requireAdmin(request).id)));

  app.post('/api/admin/admins/profile', { ...uploadRoute({ fileBytes: PROFILE_PHOTO_BYTES, files: 1 }, { ...signedIn, throttled: true }), schema: { tags, body: ProfileBody, consumes: ['application/json', 'multipart/form-data'], response: answers(admin, 'The signed-in admin as updated.') } }, async (request) => {
    const w = writeContext(ctx, request);
    const input = request.body as Static<typeof ProfileBody>;
    // fields left out of the body stay as they are; a blank field (null) clears them
    const values: Updateable<Database['admins']> & { email: string } = { f_name: input.f_name.trim(), email: input.email.toLowerCase() };
    if (input.l_name !== undefined) values.l_name = input.l_name;
    if (input.phone !== undefined) values.phone = input.phone;
    await checkEmailFree(ctx.db, values.email, w.admin.id);
    if (values.email !== w.admin.email) await checkCurrentPassword(ctx, w.admin, input.password, 'password', request.ip);
    let photoBytes = 0;
    if (input.file !== undefined && input.file !== null) {
      const data = Buffer.isBuffer(input.file) ? input.file : null;
      const type = data && imageType(data);
      if (!data || !type) throw ValidationError.field('file', 'File format not supported. JPG/JPEG/PNG');
      values.profile_image = await ctx.storage.put('profile', type, data);
      photoBytes = data.length;
    }
    const existing = await ctx.db.selectFrom('admins').selectAll().where('id', '=', w.admin.id).executeTakeFirstOrThrow();
    let unheld: string | null = null;
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('admins').set({ ...values, updated_by: w.admin.id, updated_at: now() }).where('id', '=', w.admin.id).execute();
        if (values.email !== existing.email) await emailChanged({ ...w, db: trx }, existing);
        if (values.profile_image) {
          const holder = { table: 'admins', id: w.admin.id, column: 'profile_image' };
          await holdNew(trx, holder, values.profile_image, photoBytes, w.admin.id);
          if (existing.profile_image) unheld = await release(trx, holder, existing.profile_image);
        }
        await audit(trx, { actorId: w.admin.id, action: 'update_profile', resource: 'admins', recordId: w.admin.id, changes: diff(existing, values), ip: request.ip, requestId: request.id });
      });
    } catch (err) {
      if (values.profile_image) await ctx.storage.remove(values.profile_image);
      throw err;
    }
    await ctx.storage.remove(unheld);
    const note = await w.flush();
    return ok(await crud.loadOne(w.admin.id), MESSAGES.updated + note);
  });

  app.post('/api/admin/admins/change-password', { config: { ...signedIn, throttled: true }, schema: { tags, body: OwnPasswordBody, response: answers(Type.Null(), 'The password is changed; the other sessions ended.') } }, async (request) => {
    const admin = requireAdmin(request);
    const body = request.body as { oldPassword: string; password: string; confirmPassword: string };
    if (body.password !== body.confirmPassword) throw ValidationError.field('confirmPassword', CHANGE_MISMATCH);
    await checkCurrentPassword(ctx, admin, body.oldPassword, 'oldPassword', request.ip);
    const self = await ctx.db.selectFrom('admins').select(['id', 'email', 'f_name', 'l_name']).where('id', '=', admin.id).executeTakeFirstOrThrow();
    await setPassword(ctx, admin, self, body.password, request.ip, request.id, admin.tokenId);
    return ok(null, MESSAGES.updated);
  });

  app.put('/api/admin/admins/change-password/:id', { config: { access: { permission: 'edit_sub_admin' }, throttled: true }, schema: { tags, body: OtherPasswordBody, response: answers(Type.Null(), 'The password is changed; the admin’s sessions ended.') } }, async (request) => {
    const admin = requireAdmin(request);
    const id = crud.decodeId((request.params as { id: string }).id);
    const body = request.body as { password: string; confirmPassword: string; oldPassword?: string };
    const target = await ctx.db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
    if (!target) throw notFound();
    await guardTarget(ctx.db, admin, target);
    if (body.password !== body.confirmPassword) throw ValidationError.field('confirmPassword', CHANGE_MISMATCH);
    // one's own password needs the current one, whichever route sets it
    if (id === admin.id) await checkCurrentPassword(ctx, admin, body.oldPassword, 'oldPassword', request.ip);
    await setPassword(ctx, admin, target, body.password, request.ip, request.id, id === admin.id ? admin.tokenId : undefined);
    return ok(null, MESSAGES.updated);
  });
}

/**
 * The signed-in admin's current password, checked before a change that an attacker holding only a
 * stolen session must not make (password, email). Guesses count against the sign-in throttle's
 * limits of the account from this address, and of the address; the right password clears them as a
 * sign-in does.
 */
async function checkCurrentPassword(ctx: AppContext, admin: Principal, given: string | undefined, field: string, ip: string): Promise<void> {
  if (!given) throw ValidationError.field(field, 'Please provide your current password.');
  const limits = loginLimits(admin.email, ip);
  const wait = await hit(ctx.db, limits);
  if (wait !== null) throw tooManyAttempts(wait);
  const row = await ctx.db.selectFrom('admins').select('password_hash').where('id', '=', admin.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, given))) throw ValidationError.field(field, 'The current password is not correct.');
  // as a sign-in: the right password is no failure
  await signedIn(ctx.db, limits);
}

/** New password hash; every other session of that admin ends. */
async function setPassword(ctx: AppContext, actor: Principal, target: { id: number; email: string; f_name: string; l_name: string | null }, password: string, ip: string, requestId: string, keepTokenId?: number) {
  assertPasswordAllowed(password, { email: target.email, names: [target.f_name, target.l_name] });
  const id = target.id;
  const password_hash = await hashPassword(password, ctx.config.argon2);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('admins').set({ password_hash, updated_by: actor.id, updated_at: now() }).where('id', '=', id).execute();
    await revokeTokens(trx, id, keepTokenId);
    await audit(trx, { actorId: actor.id, action: 'change_password', resource: 'admins', recordId: id, changes: null, ip, requestId });
  });
}
