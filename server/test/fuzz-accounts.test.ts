/** The fuzzer (helpers/fuzz.ts) on the accounts routes: admins, roles, sign-in and reset, the people (patients, family members, CHWs, doctors, /users). */
import { fuzzGroup } from './helpers/fuzz';

fuzzGroup('accounts');
