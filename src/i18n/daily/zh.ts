import type { Messages } from '../messages';

/** The app bar's search and the form machinery's extras (dependent selects, save and add another), 中文: merged into zh.ts. */
const daily = {
  app: {
    confirm: {
      keep: '保留',
      this_record: '此记录',
      delete_title: '删除 %{name}？',
      block_title: '停用 %{name}？',
      unblock_title: '启用 %{name}？',
    },
    filter: {
      district: '地区',
      tehsil: '县 (Tehsil)',
      blood_group: '血型',
      doctor: '医生',
      specialization: '专科',
      saved: '已保存的筛选',
    },
    search: {
      open: '搜索',
      placeholder: '患者、医生、社区卫生工作者、管理员、活动、表单',
      hint: '请至少输入两个字符：姓名、电话、CNIC 或标题。',
      no_results: '未找到“%{q}”的结果。',
      more: '%{list}中的全部结果',
      failed: '搜索失败，请重试。',
      results: '搜索结果',
    },
    form: {
      choose_district_first: '请先选择区',
      choose_tehsil_first: '请先选择乡',
    },
    action: {
      save_and_add: '保存并继续添加',
    },
    notification: {
      added_named: '已添加 %{name}。',
    },
  },
} satisfies Messages;

export default daily;
