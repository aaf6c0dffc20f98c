import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The facility-centers module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'facility-centers': {
      name: '卫生中心 |||| 卫生中心',
      fields: {
        title: '名称',
        district_id: '区',
        tehsil_id: '县',
        area_id: '村委会区域',
        phone_no: '联系电话',
        lat: '纬度',
        long: '经度',
        location: '地址',
        manager: '负责人',
        open_time: '开门时间',
        close_time: '关门时间',
        file: '图片',
        services: '服务',
        service: '服务项目',
        status: '状态',
        created_at: '创建日期',
      },
      action: {
        create: '添加卫生中心',
      },
      page: {
        list: '卫生中心',
        create: '添加卫生中心',
        edit: '编辑卫生中心',
        show: '卫生中心',
      },
      place: '地点',
      position: '坐标',
      open_map: '打开地图',
      hours: '营业时间',
      validation: {
        title_required: '请填写名称。',
        latitude: '请填写有效的纬度',
        longitude: '请填写有效的经度',
        phone: '请输入至少 11 位数字的号码。',
        location_required: '请填写地址。',
        manager_required: '请填写负责人。',
        open_required: '请填写开门时间。',
        close_required: '请填写关门时间。',
        close_after_open: '关门时间必须晚于开门时间。',
        services_required: '请至少添加一项服务。',
        service_required: '请填写服务项目。',
        file_format: '不支持的文件格式。JPG/JPEG/PNG',
        file_required: '请选择一张图片。',
      },
    },
  },
} satisfies Translation<typeof en>;
