import { moduleWords } from './gather';

/** src/i18n/modules/de.ts under jest. */
export default moduleWords('de');
