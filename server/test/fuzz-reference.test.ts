/** The fuzzer (helpers/fuzz.ts) on the reference routes: reference data and locations. */
import { fuzzGroup } from './helpers/fuzz';

fuzzGroup('reference');
