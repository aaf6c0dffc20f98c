import type { Registry, ResourceDef } from '../http/resource';
import { admins } from './admins';
import { areas, cities, countries, districts, qualifications, specializations, tehsils } from './reference';
import { categories } from './categories';
import { interests } from './interests';
import { roles } from './roles';
import { chws } from './people/chws';
import { doctors } from './people/doctors';
import { dutyRosters } from './dutyRosters';
import { appointmentRequests, appointments, cancellationReasons } from './appointments';
import { medicalHistories, prescriptions } from './clinical';
import { familyMembers, patients } from './people/patients';
import { campaigns } from './programme/campaigns';
import { dynamicForms } from './programme/forms';
import { tasks } from './programme/tasks';
import { healthLiteracyContent } from './programme/healthLiteracy';
import { userMessages } from './programme/messages';
import { faqs, pages } from './content';
import { facilityCenters, feedbacks, supports } from './facilities';

/** Every CRUD resource of the API, in one list. Declaring a resource here gives it routes and contract tests. */
export const RESOURCE_DEFS: ResourceDef[] = [
  admins,
  roles,
  qualifications,
  specializations,
  districts,
  tehsils,
  areas,
  cities,
  countries,
  interests,
  categories,
  patients,
  familyMembers,
  chws,
  doctors,
  dutyRosters,
  cancellationReasons,
  appointments,
  appointmentRequests,
  medicalHistories,
  prescriptions,
  campaigns,
  dynamicForms,
  tasks,
  healthLiteracyContent,
  userMessages,
  pages,
  faqs,
  facilityCenters,
  feedbacks,
  supports,
];

export const registry: Registry = {
  resources: RESOURCE_DEFS,
  byName: new Map(RESOURCE_DEFS.map((d) => [d.name, d])),
};
