import type { Widen } from '@/shared/lib/i18n';
import type { noticesEn } from './en';

export const noticesZh: Widen<typeof noticesEn> = {
  notices: {
    title: '公告标题',
    type: '公告类型',
    audience: '发布对象',
    audiences: {
      all: '所有人',
      suppliers: '供应商',
      staff: '工作人员',
    },
    author: '创建者',
    content: '内容',
    contentPlaceholder: '请输入公告内容…',
    preview: '预览',
    published: '正常',
    closed: '关闭',
    addTitle: '添加公告',
    editTitle: '修改公告',
    titleRequired: '公告标题不能为空',
    contentRequired: '公告内容不能为空',
    selectedCount_one: '选中的 {{count}} 条公告',
    selectedCount_other: '选中的 {{count}} 条公告',
    homeTitle: '通知公告',
    homeEmpty: '暂无公告',
  },
};
