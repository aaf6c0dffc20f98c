import { moduleWords } from './gather';

/** src/i18n/modules/en.ts under jest. */
export default moduleWords('en');
