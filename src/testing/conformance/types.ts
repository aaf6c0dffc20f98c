/**
 * What `npm run test:provider -- <module>` takes: a module whose default export (or `conformance`
 * export) is a ConformanceModule. README, "Checking a provider: the conformance kit".
 */
import type { AppDataProvider, ConsoleAuthProvider } from '../../providers/kit';

export interface ConformanceBackend {
  /** Where the backend answers (the providers' relative addresses, `/api/...`, go there); none for one in the browser. */
  url?: string;
  stop(): Promise<void>;
}

export interface ConformanceProviders {
  dataProvider: AppDataProvider;
  authProvider: ConsoleAuthProvider;
}

export interface ConformanceModule {
  /** The provider's name in the tests' titles. */
  name: string;
  /** Starts a backend seeded with the demo data (scripts/demo-data.ts: `buildDemoData`), fresh for the run. */
  startBackend(): Promise<ConformanceBackend>;
  /** The providers over the started backend (in jsdom: `fetch` goes to `backend.url`). */
  createProviders(backend: ConformanceBackend): ConformanceProviders;
  /** What `authProvider.login` takes to sign in the demo admin. */
  credentials: Record<string, unknown>;
  /** Whether the backend refuses a record that breaks its rules (a specialization without a title) with field messages; a stock REST server stores anything. */
  validates: boolean;
}
