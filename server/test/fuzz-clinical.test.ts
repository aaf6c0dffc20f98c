/** The fuzzer (helpers/fuzz.ts) on the clinical routes: rosters, appointments, clinical records, facility centers, feedback and support. */
import { fuzzGroup } from './helpers/fuzz';

fuzzGroup('clinical');
