import type { ResourceName } from '../../contract/resources';
import admins from './admins';
import appUsers from './app-users';
import chw from './chw';
import familyMembers from './family-members';
import doctors from './doctors';
import dutyRoasters from './duty-roasters';
import appointments from './appointments';
import appointmentRequests from './appointment-requests';
import cancellationReasons from './cancellation-reasons';
import medicalHistories from './medical-histories';
import prescriptions from './prescriptions';
import areas from './areas';
import campaigns from './campaigns';
import categories from './categories';
import cities from './cities';
import countries from './countries';
import districts from './districts';
import dynamicForms from './dynamic-forms';
import interests from './interests';
import qualifications from './qualifications';
import roles from './roles';
import specializations from './specializations';
import tasks from './tasks';
import healthLiteracyContent from './health-literacy-content';
import tehsils from './tehsils';
import userMessages from './user-messages';
import pages from './pages';
import faqs from './faqs';
import facilityCenters from './facility-centers';
import feedbacks from './feedbacks';
import supports from './supports';
import type { ResourceConfig } from './types';

/** Every resource of the console, keyed by its name (URL segment, react-admin name, i18n key). */
export const resources: Record<ResourceName, ResourceConfig> = {
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
  'app-users': appUsers,
  'family-members': familyMembers,
  chw,
  doctors,
  'duty-roasters': dutyRoasters,
  appointments,
  'appointment-requests': appointmentRequests,
  'cancellation-reasons': cancellationReasons,
  'medical-histories': medicalHistories,
  prescriptions,
  campaigns,
  'dynamic-forms': dynamicForms,
  tasks,
  'health-literacy-content': healthLiteracyContent,
  'user-messages': userMessages,
  pages,
  faqs,
  'facility-centers': facilityCenters,
  feedbacks,
  supports,
};

export const resourceNames = Object.keys(resources) as ResourceName[];
