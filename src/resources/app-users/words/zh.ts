import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The app-users module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'app-users': {
      name: '患者 |||| 患者',
      fields: {
        name: '姓名',
        f_name: '名',
        l_name: '姓',
        email: '电子邮箱',
        phone_no: '电话',
        password: '密码',
        confirmPassword: '确认密码',
        dob: '出生日期',
        age: '年龄',
        age_or_country: '年龄 / 国家',
        gender: '性别',
        marital_status: '婚姻状况',
        blood_group: '血型',
        height: '身高（厘米）',
        weight: '体重（千克）',
        short_bio: '简介',
        country_id: '国家',
        city_id: '城市',
        state: '州/省',
        zipcode: '邮政编码',
        street: '街道',
        photo: '照片',
        send_credentials: '通过电子邮件发送凭据',
        status: '状态',
        district_id: '区',
        tehsil_id: '县（Tehsil）',
        interest_ids: '兴趣',
      },
      action: {
        create: '添加患者',
      },
      page: {
        list: '患者',
        create: '添加患者',
        edit: '编辑患者',
        show: '患者档案',
      },
    },
  },
  app: {
    profile: {
      tabs: '档案栏目',
      medical_history: '病史',
      health_system: '医疗系统',
      prescriptions: '处方',
      family: '家庭档案',
      no_medical_history: '暂无病史。',
      no_appointments: '暂无预约。',
      no_prescriptions: '暂无处方。',
      diseases: '疾病',
      no_diseases: '无记录',
    },
  },
} satisfies Translation<typeof en>;
