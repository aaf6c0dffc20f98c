import { moduleWords } from './gather';

/** src/i18n/modules/es.ts under jest. */
export default moduleWords('es');
