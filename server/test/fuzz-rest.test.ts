/** The fuzzer (helpers/fuzz.ts) on the rest routes: every route no other group names: pages and FAQs, promotional, uploads, exports, files, the audit log, the dashboard, real time. */
import { fuzzGroup } from './helpers/fuzz';

fuzzGroup('rest');
