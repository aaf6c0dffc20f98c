import { moduleWords } from './gather';

/** src/i18n/modules/pt.ts under jest. */
export default moduleWords('pt');
