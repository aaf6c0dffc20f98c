/** The fuzzer (helpers/fuzz.ts) on the programme routes: campaigns, survey forms, tasks, messages, health literacy content, notifications. */
import { fuzzGroup } from './helpers/fuzz';

fuzzGroup('programme');
