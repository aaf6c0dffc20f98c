import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The doctors module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    doctors: {
      name: '医生 |||| 医生',
      fields: {
        name: '姓名',
        f_name: '名',
        l_name: '姓',
        email: '电子邮箱',
        phone_no: '电话',
        number: '号码',
        password: '密码',
        confirmPassword: '确认密码',
        dob: '出生日期',
        age: '年龄',
        gender: '性别',
        qualification_id: '资质',
        specializationIds: '专科',
        short_bio: '简介',
        country_id: '国家',
        city_id: '城市',
        state: '州/省',
        zipcode: '邮政编码',
        street: '街道',
        photo: '照片',
        send_credentials: '通过电子邮件发送凭据',
        status: '状态',
        rating: '评分',
        patients_count: '患者数',
        created_at: '加入日期',
      },
      action: {
        create: '添加医生',
      },
      page: {
        list: '医生',
        create: '添加医生',
        edit: '编辑医生',
        show: '医生档案',
      },
      rating_of: '评分 %{rating}/5',
      ratings_count: '%{smart_count} 个评分 |||| %{smart_count} 个评分',
      tabs: {
        label: '医生档案栏目',
        upcoming: '即将到来的预约',
        cancelled: '已取消的预约',
        completed: '已完成的预约',
        working_hours: '工作时间',
        patients: '患者列表',
      },
    },
  },
  app: {
    validation: {
      specialization_required: '请至少选择一个专科。',
    },
  },
} satisfies Translation<typeof en>;
