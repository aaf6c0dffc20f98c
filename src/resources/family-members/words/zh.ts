import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The family-members module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'family-members': {
      name: '家庭成员 |||| 家庭成员',
      fields: {
        parent: '所属患者',
        full_name: '姓名',
        relation: '关系',
        f_name: '名',
        l_name: '姓',
        email: '电子邮箱',
        phone_no: '电话',
        dob: '出生日期',
        age: '年龄',
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
      },
      action: {
        create: '添加成员',
      },
      page: {
        list: '家庭成员',
        create: '添加成员',
        edit: '编辑家庭成员',
        show: '家庭成员档案',
      },
    },
  },
  app: {
    validation: {
      marital_status_required: '请选择婚姻状况。',
    },
  },
} satisfies Translation<typeof en>;
