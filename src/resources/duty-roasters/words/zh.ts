import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The duty-roasters module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'duty-roasters': {
      name: '排班 |||| 排班',
      fields: {
        doctor_id: '医生',
        label: '名称',
        dates: '日期',
        first_date: '首个日期',
        s_time: '时间',
        e_time: '结束时间',
        session: '时段（分钟）',
        charge: '每分钟费用',
        total_fee: '总费用',
        time_from: '开始时间',
      },
      page: {
        list: '排班',
      },
      editor: {
        title: '安排工作时间',
        previous_month: '上个月',
        next_month: '下个月',
        select_weekday: '选择本月所有%{day}',
        day_scheduled: '%{day}，已有排班',
        chosen: '已选 %{smart_count} 个日期 |||| 已选 %{smart_count} 个日期',
        legend_chosen: '已选',
        legend_scheduled: '已有排班',
        clear: '清除日期',
        session_disabled: '时间范围至少 10 分钟时可用。',
        fee_help: '时段 × 每分钟费用',
        preview: '将保存的时段',
        preview_day: '每个所选日期的时段',
        preview_empty: '选择开始时间、结束时间和时段长度即可查看时段。',
        remainder: '%{from}–%{to} 不足一个时段，不予生成。',
        preview_summary: '每天 %{slots} 个时段 × %{dates} 个日期 = %{total} 个时段',
        save: '保存工作时间',
        stored: '%{month}已保存的时段',
        legend: '可用和已取消的时段可预约；已预约和已保留的时段不可用。',
        no_slots: '本月没有已保存的时段。',
        open: '可预约',
        unavailable: '不可用',
        schedules: '排班',
      },
      status: {
        Available: '可用',
        Cancelled: '已取消',
        Booked: '已预约',
        Reserved: '已保留',
      },
      validation: {
        from_required: '请填写开始时间。',
        to_required: '请填写结束时间。',
        order: '结束时间必须晚于开始时间。',
        session: '请填写至少 10 分钟的时段。',
        too_short: '时间范围必须至少容纳一个时段。',
        charge: '请填写每分钟至少 1 的费用。',
        charge_step: '请按 0.1 的步长填写费用。',
        dates: '请选择日期。',
      },
    },
  },
} satisfies Translation<typeof en>;
