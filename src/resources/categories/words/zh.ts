import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The categories module's words in 简体中文 (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/zh.ts. */
export default {
  resources: {
    categories: {
      name: '类别 |||| 类别',
      fields: { title: '名称', file: '文件', kind: '类型' },
      action: { create: '添加类别' },
      page: { list: '类别', create: '添加类别', edit: '编辑类别' },
      kinds: { image: '图片', audio: '音频' },
      validation: { file_format: '不支持的文件格式。仅限 JPG/JPEG/PNG/MP3', file_required: '请选择文件。' },
    },
  },
} satisfies Translation<typeof en>;
