import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointments module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    appointments: {
      name: '预约 |||| 预约',
      fields: {
        date: '日期',
        doctor_id: '医生',
        patient_id: '患者',
        status: '状态',
        scheduled: '预约时间',
        booking_for: '预约对象',
        disease: '病情详情',
        detail: '备注',
        cancel_reason: '原因', request_id: '申请',
      },
      action: {
        cancel: '取消', complete: '完成', reschedule: '改期',
      },
      page: {
        list: '预约',
        show: '预约详情',
      },
      status: {
        Booked: '已预约',
        Completed: '已完成',
        Cancelled: '已取消',
      },
      cancel_title: '为什么取消此预约？',
      book: { button: '预约', title: '预约就诊', previous_month: '上个月', next_month: '下个月', day_open: '%{day}：%{smart_count} 个空闲时段 |||| %{day}：%{smart_count} 个空闲时段', day_closed: '%{day}：没有空闲时段', slots_failed: '无法读取空闲时段，请重试。', no_slots_month: '本月没有空闲时段：请看下个月。', slots_of: '%{day} 的空闲时段', choose_day: '请选择有空闲时段的日期。', booked: '已预约 %{day} %{time}。', for_request: '申请 #%{number}：%{detail}', for_whom: '就诊人', self: '%{name}（本人）', specialization: '专科', choose_specialization_first: '请先选择专科', no_doctors: '没有该专科的在职医生。', summary: '%{day}，%{time}', keep: '关闭', confirm: '预约' },
      complete: { done: '预约已完成。', title: '将此预约标记为已完成？', text: '%{name} 已就诊于 %{doctor} 医生。已完成的预约不能再更改。', keep: '保持已预约', confirm: '标记为已完成' },
      reschedule: { title: '预约改期', now: '%{name}，当前为 %{day} %{time}。请选择另一个空闲时段。', keep: '保留此时间', confirm: '改到这里', done: '已改到 %{day} %{time}。' },
      cancel: { done: '预约已取消，该时段重新开放。', keep: '保留', confirm: '取消预约' },
      dr: '%{name} 医生',
      self: '本人',
      years: '%{age} 岁',
    },
  },
} satisfies Translation<typeof en>;
