import { Type } from '@sinclair/typebox';
import { ALL_PERMISSIONS, isPermission, PERMISSION_MODULES } from '../../../contract/permissions';
import { ok } from '../http/envelope';
import { conflict, forbidden, ValidationError } from '../http/errors';
import { Fields } from '../http/fields';
import { textEnum } from '../http/listQuery';
import { answers } from '../http/responses';
import { defineResource, type Row, type WriteContext } from '../http/resource';

const Permissions = Type.Array(textEnum(ALL_PERMISSIONS), {
  maxItems: 200,
  uniqueItems: false,
  'x-message': 'Please choose permissions from the list.',
});

async function checkNameFree({ db }: WriteContext, name: string, selfId: number | null) {
  const clash = await db
    .selectFrom('roles')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (clash && clash.id !== selfId) throw ValidationError.field('name', 'A role with this name already exists.');
}

/**
 * Changing or deleting a role changes what every admin holding it may do, so it needs every
 * permission the role holds: otherwise an admin with edit_role could strip a stronger role and then
 * act on its (now weaker) admins. The same rule as for changing an admin (admins.ts guardTarget).
 */
async function guardRole({ db, admin }: WriteContext, roleId: number): Promise<void> {
  if (admin.isSuper) return;
  const held = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute();
  const lacking = held.map((p) => p.permission).filter((p) => !admin.permissions.has(p));
  if (lacking.length) throw forbidden(`You cannot change a role that holds permissions you do not hold: ${lacking.join(', ')}.`);
}

export const roles = defineResource<'roles'>()({
  name: 'roles',
  ignored: { admins_count: 'read-only: how many admins hold the role' },
  table: 'roles',
  module: 'role',
  columns: ['name', 'is_super', 'created_at', 'updated_at'],
  createSchema: Type.Object(
    { name: Fields.text('Please provide a name.', 100), permissions: Type.Optional(Permissions) },
    { additionalProperties: false },
  ),
  searchable: ['name'],
  // the role select of the admin form: names only, to whoever may list or write admins (granting is still checked against the granter's permissions)
  choices: ['name'],
  choicesFor: ['view_role', 'view_sub_admin', 'create_sub_admin', 'edit_sub_admin'],
  sortable: ['name', 'created_at', 'id'],
  defaultSort: { field: 'name', order: 'asc' },
  referencedBy: [{ table: 'admins', column: 'role_id', noun: 'admin' }],
  presents: { is_super: Type.Boolean(), permissions: Type.Array(Type.String()), admins_count: Type.Integer() },
  hooks: {
    async prepare(w, input, existing) {
      if (existing?.is_super) throw forbidden('The super admin role holds every permission and cannot be changed.');
      if (existing) await guardRole(w, existing.id);
      const name = typeof input.name === 'string' ? input.name.trim() : undefined;
      if (name !== undefined) await checkNameFree(w, name, existing?.id ?? null);
      if (Array.isArray(input.permissions)) {
        const unknown = input.permissions.filter((p: string) => !isPermission(p));
        if (unknown.length) throw ValidationError.field('permissions', `Unknown permissions: ${unknown.join(', ')}.`);
        // nobody hands out more than they hold
        const notHeld = input.permissions.filter((p: string) => !w.admin.permissions.has(p));
        if (notHeld.length) throw ValidationError.field('permissions', `You cannot grant permissions you do not hold: ${notHeld.join(', ')}.`);
      }
      return name !== undefined ? { name } : {};
    },
    async afterWrite({ db, admin }, row, input, existing) {
      if (!existing) await db.updateTable('roles').set({ created_by: admin.id }).where('id', '=', row.id).execute();
      if (!Array.isArray(input.permissions)) return;
      await db.deleteFrom('role_permissions').where('role_id', '=', row.id).execute();
      const unique = [...new Set(input.permissions as string[])];
      if (unique.length) {
        await db.insertInto('role_permissions').values(unique.map((permission) => ({ role_id: row.id, permission }))).execute();
      }
    },
    async beforeDelete(w, row) {
      if (row.is_super) throw conflict('The super admin role cannot be deleted.');
      await guardRole(w, row.id);
    },
    async enrich(ctx, rows) {
      const ids = rows.map((r) => r.id as number);
      if (!ids.length) return;
      const [perms, counts] = await Promise.all([
        ctx.db.selectFrom('role_permissions').select(['role_id', 'permission']).where('role_id', 'in', ids).orderBy('permission').execute(),
        ctx.db
          .selectFrom('admins')
          .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('role_id', 'in', ids)
          .groupBy('role_id')
          .execute(),
      ]);
      const all = PERMISSION_MODULES.flatMap((m) => m.permissions.map((p) => p.name));
      for (const r of rows) {
        (r as Row).is_super = Boolean(r.is_super); // a flag in the JSON, 0/1 in the table
        r.permissions = r.is_super ? all : perms.filter((p) => p.role_id === r.id).map((p) => p.permission);
        r.admins_count = Number(counts.find((c) => c.role_id === r.id)?.n ?? 0);
      }
    },
  },
  routes(app) {
    app.get(
      '/api/admin/roles/modules',
      {
        config: { access: { permission: 'view_role' } },
        schema: {
          tags: ['roles'], summary: 'Modules and their permissions, for the role chooser',
          response: answers(Type.Array(Type.Object({ key: Type.String(), label: Type.String(), permissions: Type.Array(Type.Object({ name: Type.String(), label: Type.String() })) })), 'The modules.'),
        },
      },
      async () => ok(PERMISSION_MODULES),
    );
  },
  sample: (n) => ({ name: `Role ${n}`, permissions: ['view_location', 'create_location'] }),
  invalidSamples: [{ name: '' }, { name: 'Bad permissions', permissions: ['fly_to_moon'] }, { name: 'Not a list', permissions: 'view_location' }],
});
