/**
 * The provider kit: the one module an integrator imports to put the console on another backend (README,
 * "Plugging in another backend"). It names what to implement (the data provider's calls and every
 * result type, the auth provider's identity), the conventions the screens follow (conventions.ts), and
 * `withConsoleMethods`, which derives the console's own calls from react-admin's nine standard ones.
 * The conformance suite that checks a provider is `npm run test:provider -- <module>` (src/testing/conformance/).
 */
export type { AppDataProvider } from '../dataProvider';
export type {
  AppDataProviderMethods,
  BulkResult,
  ChangePasswordParams,
  ExportParams,
  LocationImportResult,
  OpenSlot,
  SignalParams,
} from '../consoleMethods';
export type { ChunkedUploadOptions, UploadedFile, UploadRetry } from '../chunkedUpload';
export type { DashboardData, CityUsers, MonthAppointments, TaskSubmissions } from '../dashboard';
export type { SearchGroup, SearchHit, SearchResource } from '../search';
export type { BellData, SendValues, SentNotificationResult, Audience } from '../notifications';
export type { RealtimeConfig, ChannelAuthorization, ChannelAuthorizationRequest } from '../realtime';
export type { PromotionalCollection, PromotionalData, PromotionalItem, PromotionalSection, PromotionalValues } from '../promotional';
export type { FileValue } from '../files';
export type { DutySlot } from '../../../contract/dutyRoster';
export type { PermissionModule } from '../../../contract/permissions';
export type { AdminNotification } from '../../../contract/api';
export type { ConsoleAuthProvider, ConsoleIdentity } from './identity';
export { useConsoleIdentity } from './identity';
export { LIST_FILTER_KEYS, RELATION_FILTERS, SELF_EXCLUDED_LISTS, STATUS, STATUS_WORDS, relationIds, statusValue } from './conventions';
export { AUDIENCE_LISTS, CONSOLE_METHODS, stockFilter, withConsoleMethods, type ConsoleMethodName, type ConsoleMethodsOptions } from './withConsoleMethods';
export { UNSUPPORTED_MESSAGE, isUnsupported, unsupported } from './unsupported';
export { spreadsheetFile, toCsv, toTable, toXlsx, type Table } from './spreadsheet';
export { ALL_PERMISSIONS, PERMISSION_MODULES } from '../../../contract/permissions';
