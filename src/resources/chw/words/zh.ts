import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The chw module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    chw: {
      name: '社区卫生工作者 |||| 社区卫生工作者',
      fields: {
        name: '姓名',
        f_name: '名',
        l_name: '姓',
        email: '电子邮箱',
        number: '号码',
        phone_no: '电话',
        password: '密码',
        confirmPassword: '确认密码',
        dob: '出生日期',
        age: '年龄',
        cnic: '身份证号 (CNIC)',
        gender: '性别',
        qualification_id: '资质',
        district_id: '地区',
        tehsil_id: '县 (Tehsil)',
        area_id: '村委会 (VC)',
        joining_date: '入职日期',
        short_bio: '简介',
        photo: '照片',
        send_credentials: '通过电子邮件发送凭据',
        status: '状态',
      },
      action: {
        create: '添加社区卫生工作者',
      },
      page: {
        list: '社区卫生工作者',
        create: '添加社区卫生工作者',
        edit: '编辑社区卫生工作者',
        show: '社区卫生工作者档案',
      },
      place: '区域',
      coordinates: '纬度 %{lat}，经度 %{long}',
      tasks: '任务',
      no_tasks: '暂无分配的任务。',
    },
  },
} satisfies Translation<typeof en>;
