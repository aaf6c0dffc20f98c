/**
 * Resource names: URL segment = react-admin resource name = i18n key. Each maps to the permission
 * module that guards it. The server registry and the console's resource list are both checked
 * against this table by tests, so the two sides cannot drift.
 */
export const RESOURCES = {
  admins: { module: 'sub_admin' },
  roles: { module: 'role' },
  qualifications: { module: 'qualification' },
  specializations: { module: 'specialization' },
  districts: { module: 'location' },
  tehsils: { module: 'location' },
  areas: { module: 'location' },
  cities: { module: 'location' },
  countries: { module: 'location' },
  interests: { module: 'chw' },
  categories: { module: 'chw' },
  'app-users': { module: 'app_user' },
  'family-members': { module: 'app_user' },
  chw: { module: 'chw' },
  doctors: { module: 'doctor' },
  'duty-roasters': { module: 'doctor' },
  appointments: { module: 'app_user' },
  'appointment-requests': { module: 'app_user' },
  'cancellation-reasons': { module: 'app_user' },
  'medical-histories': { module: 'app_user' },
  prescriptions: { module: 'app_user' },
  campaigns: { module: 'campaign' },
  'dynamic-forms': { module: 'form' },
  tasks: { module: 'task' },
  'health-literacy-content': { module: 'hlc' },
  'user-messages': { module: 'chw' },
  pages: { module: 'page' },
  faqs: { module: 'faq' },
  'facility-centers': { module: 'facility_center' },
  feedbacks: { module: 'feedback' },
  supports: { module: 'support' },
} as const satisfies Record<string, { module: string }>;

export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as ResourceName[];
