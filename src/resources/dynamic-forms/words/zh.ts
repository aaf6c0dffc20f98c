import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The dynamic-forms module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'dynamic-forms': {
      name: '动态表单 |||| 动态表单',
      fields: {
        title: '表单标题',
        created_at: '创建日期',
        submissions_count: '提交数',
        status: '状态',
        version: '版本',
        questions: '问题',
        question: '问题 %{n}',
        question_title: '问题标题',
        type: '类型',
        choose_type: '选择类型',
        is_required: '必填',
        options: '选项',
        option: '选项 %{n}',
      },
      types: { text: '文本', checkbox: '多选', radio: '单选', date: '日期' },
      action: {
        create: '添加动态表单',
        add_question: '添加问题',
        remove_question: '删除问题 %{n}',
        add_more: '添加更多',
        remove_option: '删除选项 %{n}',
        export: '导出回答',
      },
      page: { list: '动态表单', create: '添加动态表单', edit: '编辑动态表单', show: '动态表单' },
      message: {
        invalid: '请填写必填字段。',
        save_failed: '保存数据时出错。',
        add_question_hint: '请先为最后一个问题填写标题并选择类型。',
        answered: '此问题已有回答。修改后，已有回答保留在当前版本中，并为该问题新建一个版本。',
        submissions: '%{smart_count} 份提交 |||| %{smart_count} 份提交',
      },
      validation: {
        title_required: '表单标题为必填项',
        question_title: '问题 %{n} 的标题为必填项',
        type_required: '选项类型为必填项',
        option_title: '选项 %{n} 的标题为必填项',
      },
    },
  },
} satisfies Translation<typeof en>;
