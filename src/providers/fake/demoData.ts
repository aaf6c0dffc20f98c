/**
 * The in-browser demo's data: what the real server answers for each resource, dumped by
 * scripts/demo-data.ts from a throwaway database filled by the demo generator (never written by hand).
 * The static console fetches it once (DEMO_DATA_URL, beside index.html).
 */
import type { DutySlot } from '../../../contract/dutyRoster';
import type { PermissionModule } from '../../../contract/permissions';

export interface DemoData {
  generatedWith: string;
  /** The demo admin's credentials and the session the server answered at sign-in (without its token). */
  admin: { email: string; password: string; session: Record<string, unknown> };
  /** Every resource's records, each as its detail route presents it (numeric `id` and `encrypted_id`). */
  resources: Record<string, Record<string, unknown>[]>;
  permissionModules: PermissionModule[];
  /** GET /promotional */
  promotional: unknown;
  /** A doctor's stored and open slots by `${doctor id}:${YYYY-MM}` (this month and the next at dump time). */
  dutySlots: Record<string, DutySlot[]>;
  /** As the server answers them: `{ encrypted_id, date, s_time, e_time }` (the provider gives `encrypted_id` as `id`). */
  openSlots: Record<string, RawOpenSlot[]>;
  /** The demo admin's bell (GET /notifications/web/admin/{pusher id}). */
  bell: unknown;
}

/** An open slot as GET /appointments/open-slots answers it. */
export interface RawOpenSlot {
  encrypted_id: string;
  date: string;
  s_time: string;
  e_time: string;
}

/** Beside index.html, by a relative link (the demo may be served from any folder). */
export const DEMO_DATA_URL = 'demo-data.json';

let loading: Promise<DemoData> | undefined;

/** The demo data, fetched once per page. */
export function loadDemoData(url: string = DEMO_DATA_URL): Promise<DemoData> {
  loading ??= fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`The demo data could not be loaded (${response.status}).`);
    return (await response.json()) as DemoData;
  });
  return loading;
}
