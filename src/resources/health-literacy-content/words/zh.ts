import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The health-literacy-content module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    'health-literacy-content': {
      name: '健康素养内容 |||| 健康素养内容',
      fields: {
        title: '标题',
        type: '类型',
        category_id: '分类',
        desc: '描述',
        tags: '标签',
        file: '文件',
        thumbnail: '缩略图',
        status: '状态',
        created_at: '创建日期',
      },
      action: { create: '添加内容' },
      page: {
        list: '健康素养内容',
        create: '添加健康素养内容',
        edit: '编辑健康素养内容',
        show: '健康素养内容',
      },
      types: {
        image: '图片',
        pdf: 'PDF',
        video: '视频',
      },
      tags_help: '用逗号分隔标签；按回车键或输入逗号即可添加。',
      tags_added: '已添加的标签',
      remove_tag: '移除标签 %{tag}',
      open_pdf: '在新标签页中打开 PDF',
      validation: {
        type_required: '请选择类型。',
        category_required: '请选择分类。',
        title_required: '请输入标题。',
        desc_required: '请输入描述。',
        tags_required: '请至少输入一个标签。',
        file_required: '请选择文件。',
        thumbnail_required: '请选择缩略图。',
        format_image: '不支持的文件格式。JPG/JPEG/PNG',
        format_pdf: '不支持的文件格式。PDF',
        format_video: '不支持的文件格式。视频',
        format_any: '不支持的文件格式。JPG/JPEG/PNG/MP4/PDF',
      },
    },
  },
} satisfies Translation<typeof en>;
