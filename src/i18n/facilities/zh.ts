import type { Messages } from '../messages';

/** Facility centers, feedback and support, 中文: merged into zh.ts. */
const facilities = {
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
        phone: '请填写正好 11 位数字的号码。',
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
    feedbacks: {
      name: '反馈 |||| 反馈',
      fields: {
        user: '用户名',
        doctor: '医生姓名',
        msg: '留言',
        rating: '评分',
        dated_at: '日期',
        status: '状态',
        note: '工作人员备注',
        created_at: '创建日期',
      },
      page: {
        list: '反馈',
        edit: '审阅反馈',
        show: '反馈',
      },
      stars: '评分：%{smart_count} / 5',
      statuses: {
        New: '新',
        Reviewed: '已审阅',
      },
      note_help: '工作人员采取的处理；患者看不到。',
      validation: {
        status_required: '请选择状态。',
      },
    },
    supports: {
      name: '支持请求 |||| 支持请求',
      fields: {
        id: '编号',
        user: '用户名',
        msg: '留言',
        status: '状态',
        reply: '回复',
        created_at: '创建日期',
      },
      page: {
        list: '支持',
        edit: '回复支持请求',
        show: '支持请求',
      },
      statuses: {
        Open: '待处理',
        Resolved: '已解决',
      },
      kinds: {
        patient: '患者',
        chw: '社区卫生工作者',
        doctor: '医生',
        family: '家庭成员',
      },
      no_reply: '尚未回复。',
      reply_help: '用户会在应用中看到此回复。',
      validation: {
        status_required: '请选择状态。',
      },
    },
  },
} satisfies Messages;

export default facilities;
