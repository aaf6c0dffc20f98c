/**
 * Permission names shared by the server (guards) and the console (menu, canAccess, role chooser).
 * Names follow view_x, create_x, edit_x, delete_x for every module of spec 1 section 6; the
 * special "activity" module has two permissions with their own labels.
 */
export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export interface PermissionModule {
  /** module key, as in view_<key> */
  key: string;
  /** English label for the role chooser (the console translates via roles.modules.<key>) */
  label: string;
  permissions: { name: string; label: string }[];
}

const standard = (key: string, label: string): PermissionModule => ({
  key,
  label,
  permissions: ACTIONS.map((action) => ({ name: `${action}_${key}`, label: action })),
});

export const PERMISSION_MODULES: readonly PermissionModule[] = [
  standard('sub_admin', 'Admins'),
  standard('role', 'Roles'),
  standard('doctor', 'Doctors'),
  standard('chw', 'Community health workers'),
  standard('app_user', 'Patients'),
  standard('task', 'Tasks'),
  standard('hlc', 'Health literacy content'),
  standard('campaign', 'Campaigns'),
  standard('form', 'Survey forms'),
  standard('facility_center', 'Facility centers'),
  standard('location', 'Locations'),
  standard('qualification', 'Qualifications'),
  standard('specialization', 'Specializations'),
  standard('page', 'Pages'),
  standard('faq', 'FAQs'),
  standard('setting', 'Settings'),
  standard('feedback', 'Feedback'),
  standard('support', 'Support'),
  standard('notification', 'Notifications'),
  {
    key: 'activity',
    label: 'Activity',
    permissions: [
      { name: 'view_activity_doctor', label: 'view doctor' },
      { name: 'create_activity_chw', label: 'view chw' },
    ],
  },
];

export const ALL_PERMISSIONS: readonly string[] = PERMISSION_MODULES.flatMap((m) => m.permissions.map((p) => p.name));
const known = new Set(ALL_PERMISSIONS);
export const isPermission = (name: string): boolean => known.has(name);

export const permissionName = (action: Action, module: string): string => `${action}_${module}`;

/** The role that holds every permission; it cannot be deleted or narrowed. */
export const SUPER_ADMIN_ROLE = 'Super Admin';
