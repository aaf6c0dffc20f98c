import { ALL_PERMISSIONS } from '../../../contract/permissions';
import { RESOURCE_NAMES } from '../../../contract/resources';
import { canAccess, permissionFor, PUBLIC_RESOURCES } from '../permissions';

const editor = ['view_sub_admin', 'create_sub_admin', 'view_role', 'edit_location', 'delete_qualification'];

describe('canAccess', () => {
  test.each`
    resource             | action      | expected
    ${'admins'}          | ${'list'}   | ${true}
    ${'admins'}          | ${'show'}   | ${true}
    ${'admins'}          | ${'export'} | ${true}
    ${'admins'}          | ${'create'} | ${true}
    ${'admins'}          | ${'clone'}  | ${true}
    ${'admins'}          | ${'edit'}   | ${false}
    ${'admins'}          | ${'status'} | ${false}
    ${'admins'}          | ${'delete'} | ${false}
    ${'roles'}           | ${'list'}   | ${true}
    ${'roles'}           | ${'create'} | ${false}
    ${'districts'}       | ${'edit'}   | ${true}
    ${'tehsils'}         | ${'status'} | ${true}
    ${'cities'}          | ${'list'}   | ${false}
    ${'qualifications'}  | ${'delete'} | ${true}
    ${'qualifications'}  | ${'list'}   | ${false}
    ${'specializations'} | ${'list'}   | ${false}
    ${'dashboard'}       | ${'list'}   | ${true}
    ${'profile'}         | ${'edit'}   | ${true}
    ${'change-password'} | ${'edit'}   | ${true}
    ${'doctors'}         | ${'list'}   | ${false}
    ${'roles'}           | ${'fly'}    | ${false}
  `('$action on $resource → $expected', ({ resource, action, expected }: { resource: string; action: string; expected: boolean }) => {
    expect(canAccess(editor, { resource, action })).toBe(expected);
  });

  test('dashboard, profile and own password need no permission at all', () => {
    for (const resource of [...PUBLIC_RESOURCES, 'profile', 'change-password']) {
      expect(canAccess([], { resource, action: 'list' })).toBe(true);
    }
  });

  test("changing another admin's password needs edit_sub_admin", () => {
    const other = { id: 'a.555' };
    expect(canAccess(['view_sub_admin'], { resource: 'change-password', action: 'edit', record: other })).toBe(false);
    expect(canAccess(['edit_sub_admin'], { resource: 'change-password', action: 'edit', record: other })).toBe(true);
  });

  test('unknown resources are refused, even to a user with every permission', () => {
    expect(canAccess(ALL_PERMISSIONS, { resource: 'toString', action: 'list' })).toBe(false);
    expect(canAccess(ALL_PERMISSIONS, { resource: 'nothing-here', action: 'list' })).toBe(false);
  });

  test('every contract resource maps to known permission names', () => {
    for (const resource of RESOURCE_NAMES) {
      for (const action of ['list', 'create', 'edit', 'delete']) {
        const name = permissionFor(resource, action);
        expect(name).not.toBeNull();
        expect(ALL_PERMISSIONS).toContain(name);
      }
    }
  });
});
