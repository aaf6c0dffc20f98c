import type { Messages } from '../messages';

/** Words the patient, family and CHW screens share, and the locations import (a module's own words are in src/resources/<name>/words/), 简体中文: merged into zh.ts. */
const people = {
  app: {
    person: { age_from_dob: '根据出生日期计算。', country_search: '输入以搜索国家。' },
    account: { keep_password: '留空则保留当前密码。设置新密码会使此人在应用中退出登录。' },
    auth: { reset_success_app: '您的密码已更改。请使用新密码登录应用。' },
    import: {
      menu: '导入地点',
      title: '导入地点',
      intro:
        '通过包含以下列的 CSV 文件一次添加多个地区、县和村委会区域。请先检查文件：每一行有问题的数据都会连同行号列出，在整个文件正确之前不会写入任何内容。',
      template: '下载模板',
      choose: '选择 CSV 文件',
      no_file: '未选择文件',
      check: '检查',
      import: '导入',
      working: '处理中…',
      done: '已从 %{rows} 行导入 %{districts} 个地区、%{tehsils} 个县和 %{areas} 个村委会区域。',
      ready: '全部 %{rows} 行已就绪：将添加 %{districts} 个地区、%{tehsils} 个县和 %{areas} 个村委会区域。',
      problems: '有 1 行需要修正后才能导入。 |||| 有 %{smart_count} 行需要修正后才能导入。',
      problems_table: '需要修正的行',
      line: '行',
      problem: '问题',
    },
    layout: { paths: { locations: '地点', import: '导入' } },
    validation: {
      age_required: '请填写年龄。',
      relation_required: '请选择关系。',
      qualification_required: '请选择资质',
      district_select: '请选择区',
      tehsil_select: '请选择县（Tehsil）',
      area_select: '请选择村委会（VC）',
    },
    marital_status: {
      Married: '已婚',
      Unmarried: '未婚',
      Divorced: '离异',
      Separated: '分居',
    },
    relation: {
      Father: '父亲',
      Mother: '母亲',
      Wife: '妻子',
      Son: '儿子',
      Daughter: '女儿',
      Brother: '兄弟',
      Sister: '姐妹',
    },
    filter: {
      all_districts: '所有地区',
    },
  },
} satisfies Messages;

export default people;
