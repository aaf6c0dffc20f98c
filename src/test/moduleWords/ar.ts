import { moduleWords } from './gather';

/** src/i18n/modules/ar.ts under jest. */
export default moduleWords('ar');
