import type { Messages } from '../messages';

/** The Promotional screen, 中文: merged into zh.ts. */
const promotional = {
  resources: {
    promotional: {
      menu: '推广内容',
      title: '推广内容',
      preview: '预览网站',
      preview_label: '预览网站（在新标签页中打开）',
      tabs_label: '推广内容分区',
      tabs: {
        logo: '标志',
        banner: '横幅',
        about: '关于',
        sliders: '轮播图',
        how_it_works: '使用方式',
        testimonials: '用户评价',
      },
      fields: {
        logo: '标志',
        desc: '描述',
        background_image: '背景图片',
        center_image: '中间图片',
        person_image: '人物图片',
        about_title: '“关于”标题',
        heading: '副标题',
        title: '标题',
        video: '视频（MP4）',
        slider: '轮播图片',
        name: '姓名',
        text: '内容',
      },
      about: {
        boxes: '信息框',
        box: '信息框 %{n}',
        box_title: '信息框 %{n} 标题',
        box_desc: '信息框 %{n} 描述',
        box_image: '信息框 %{n} 图片',
        analytics: '数据',
        analytic: '数据 %{n}',
        value: '数值 %{n}',
        key: '名称 %{n}',
      },
      columns: {
        image: '图片',
        added: '添加时间',
      },
      actions: '操作',
      add: '添加',
      delete_label: '删除 %{name}',
      slider_of: '%{date} 的轮播图片',
      uploading: '上传进度',
      load_failed: '无法加载推广内容。',
      validation: {
        image_format: '不支持的文件格式。仅限 JPG/JPEG/PNG',
        video_format: '不支持的文件格式。仅限 MP4',
        file_required: '请选择文件。',
        description_required: '请填写描述。',
        title_required: '请填写标题。',
        heading_required: '请填写副标题。',
        value_required: '请填写数值。',
        key_required: '请填写名称。',
        name_required: '请填写姓名。',
        text_required: '请填写内容。',
      },
    },
  },
} satisfies Messages;

export default promotional;
