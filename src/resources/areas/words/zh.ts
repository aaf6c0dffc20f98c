import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The areas module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    areas: {
      name: '村委会（VC） |||| 村委会（VC）',
      fields: {
        title: '名称',
        district_id: '选择区…',
        tehsil_id: '选择县…',
        district: { title: '区' },
        tehsil: { title: '县' },
        lat: '纬度',
        long: '经度',
      },
      action: { create: '添加村委会' },
      page: { list: '村委会（VC）', create: '添加村委会', edit: '编辑村委会' },
    },
  },
  app: {
    validation: {
      latitude_required: '请输入纬度。',
      longitude_required: '请输入经度。',
      latitude_range: '请输入 -90 到 90 之间的纬度。',
      longitude_range: '请输入 -180 到 180 之间的经度。',
    },
  },
} satisfies Translation<typeof en>;
