import { moduleWords } from './gather';

/** src/i18n/modules/fr.ts under jest. */
export default moduleWords('fr');
