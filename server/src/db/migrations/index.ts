import type { Migration } from 'kysely';
import type { Dialect } from '../index';
import { type DialectMigration, forDialect } from './helpers';
import { migration as foundation } from './0001_foundation';
import { migration as listSortIndexes } from './0002_list_sort_indexes';
import { migration as notifications } from './0003_notifications';
import { migration as rowCounts } from './0004_row_counts';
import { migration as searchIndexes } from './0005_search_indexes';
import { migration as searchIndexRegistry } from './0006_search_index_registry';
import { migration as interests } from './0007_interests';
import { migration as categories } from './0008_categories';
import { migration as throttle } from './0009_throttle';
import { migration as people } from './0010_people';
import { migration as doctors } from './0011_doctors';
import { migration as appointments } from './0012_appointments';
import { migration as clinical } from './0013_clinical';
import { migration as programme } from './0014_programme';
import { migration as content } from './0015_content';
import { migration as familyIndex } from './0016_family_index';
import { migration as facilities } from './0017_facilities';
import { migration as promotional } from './0018_promotional';
import { migration as notificationFanOut } from './0019_notification_fanout';
import { migration as auditViewer } from './0021_audit_viewer';
import { migration as dashboardCounts } from './0022_dashboard_counts';
import { migration as authEpoch } from './0023_auth_epoch';
import { migration as taskSubmissionCounts } from './0024_task_submission_counts';
import { migration as defaultSortIndexes } from './0025_default_sort_indexes';
import { migration as districtPlaces } from './0026_district_places';
import { migration as storedFiles } from './0027_stored_files';
import { migration as appointmentFlow } from './0029_appointment_flow';
import { migration as chunkUploads } from './0030_chunk_uploads';
import { migration as uniqueTitles } from './0031_unique_titles';
import { migration as subsetSearch } from './0032_subset_search';

/**
 * Every migration, in order: one file each, listed here in code (not loaded from a folder at run
 * time). Never edit a landed migration; add a new one. A module's migration creates its tables with
 * `createResourceTable` (helpers.ts), which also gives them a row counter and a search index.
 */
export const MIGRATIONS: Readonly<Record<string, DialectMigration>> = {
  '0001_foundation': foundation,
  '0002_list_sort_indexes': listSortIndexes,
  '0003_notifications': notifications,
  '0004_row_counts': rowCounts,
  '0005_search_indexes': searchIndexes,
  '0006_search_index_registry': searchIndexRegistry,
  '0007_interests': interests,
  '0008_categories': categories,
  '0009_throttle': throttle,
  '0010_people': people,
  '0011_doctors': doctors,
  '0012_appointments': appointments,
  '0013_clinical': clinical,
  '0014_programme': programme,
  '0015_content': content,
  '0016_family_index': familyIndex,
  '0017_facilities': facilities,
  '0018_promotional': promotional,
  '0019_notification_fanout': notificationFanOut,
  '0021_audit_viewer': auditViewer,
  '0022_dashboard_counts': dashboardCounts,
  '0023_auth_epoch': authEpoch,
  '0024_task_submission_counts': taskSubmissionCounts,
  '0025_default_sort_indexes': defaultSortIndexes,
  '0026_district_places': districtPlaces,
  '0027_stored_files': storedFiles,
  '0029_appointment_flow': appointmentFlow,
  '0030_chunk_uploads': chunkUploads,
  '0031_unique_titles': uniqueTitles,
  '0032_subset_search': subsetSearch,
};

export function migrations(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, forDialect(m, dialect)]));
}
