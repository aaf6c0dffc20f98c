import type { Messages } from '../messages';

/** Words the doctors', appointments' and clinical records' screens share (a module's own words are in src/resources/<name>/words/), 简体中文: merged into zh.ts. */
const clinical = {
  app: {
    validation: {
      disease_required: '请填写疾病。',
      from_date_required: '请填写开始日期。',
      to_date_required: '请填写结束日期。',
      detail_required: '请填写详情。',
      current_date_required: '请填写当前日期。',
      medicine_required: '请填写药品名称。',
      days_required: '请填写天数。',
      note_required: '请填写备注。',
    },
    medicine_time: {
      Morning: '早上',
      Noon: '中午',
      Evening: '傍晚',
      Night: '晚上',
    },
    to_be_taken: {
      'After Food': '饭后',
      'Before Food': '饭前',
    },
    yes: '是',
    patient_picker: { label: '患者', none: '未找到患者。', type: '请输入姓名的两个字母或电话号码的数字。', hint: '按姓名或电话搜索。', required: '请选择患者。' },
    no: '否',
  },
} satisfies Messages;

export default clinical;
