import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The user-messages module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'user-messages': {
      name: '用户消息 |||| 用户消息',
      fields: {
        type: '类型',
        title: '标题',
        survey_id: '调查表单',
        knowledge_id: '知识',
        text: '文本',
        interest_ids: '兴趣',
        from_age: '最小年龄',
        to_age: '最大年龄',
        district_id: '区',
        tehsil_id: '县（Tehsil）',
        total_users: '用户总数',
        status: '状态',
        created_at: '发送日期',
        full_name: '姓名',
        is_view: '查看',
        recipient_status: '状态',
        submitted_date: '提交日期',
      },
      types: { Survey: '调查', Booking: '预约', Knowledge: '知识', General: '常规' },
      recipient_statuses: { Pending: '待处理', Submitted: '已提交' },
      viewed: { yes: '已查看', no: '未查看' },
      action: { create: '添加用户消息' },
      page: { list: '用户消息', create: '添加用户消息', edit: '编辑用户消息', show: '用户消息' },
      recipients: '接收人',
      recipients_count: '%{smart_count} 位接收人 |||| %{smart_count} 位接收人',
      no_recipients: '暂无与此消息匹配的患者。',
      ages: '%{from} 至 %{to} 岁',
      all_ages: '所有年龄',
      age_hint: '两个年龄都留空即可覆盖所有年龄。',
      validation: {
        type_required: '请选择类型',
        survey_required: '请选择表单',
        knowledge_required: '请选择知识内容',
        text_required: '请输入文本',
        interest_required: '请选择兴趣',
        title_required: '请输入标题',
        from_age_required: '请选择最小年龄',
        to_age_required: '请选择最大年龄',
        age_order: '最大年龄不能小于最小年龄。',
      },
    },
  },
} satisfies Translation<typeof en>;
