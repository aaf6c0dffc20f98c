import { moduleWords } from './gather';

/** src/i18n/modules/zh.ts under jest. */
export default moduleWords('zh');
