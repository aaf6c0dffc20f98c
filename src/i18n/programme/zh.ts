import type { Messages } from '../messages';

/** Words campaigns, tasks and messages to patients share (a module's own words are in src/resources/<name>/words/), 简体中文: merged into zh.ts. */
const programme = {
  app: {
    filter: { all: '全部' },
    validation: {
      date_past: '日期不能早于今天。',
      date_order: '请选择晚于开始日期的日期！',
    },
  },
} satisfies Messages;

export default programme;
