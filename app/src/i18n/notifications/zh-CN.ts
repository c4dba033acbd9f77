import type { NotificationsMessages } from './messages';

/** zh-CN texts of the notifications page, the header's bell and the e-mail preferences (the default locale, bundled). */
export const texts: NotificationsMessages = {
  title: '通知',
  bell: '通知',
  bellUnread: '通知，未读：{{n}}',
  loading: '正在加载通知…',
  signingIn: '正在前往登录…',
  error: '无法加载你的通知。',
  empty: '暂无通知',
  emptyHint: '插件通过审核、未通过审核、收到评价或被删除时，会在这里通知你。',
  markAllRead: '全部标为已读',
  markRead: '标为已读',
  unread: '未读',
  loadMore: '加载更多',
  actionError: '操作失败，请重试。',
  kinds: {
    submission_approved: '“{{plugin}}”的 {{version}} 版本已通过审核',
    submission_rejected: '“{{plugin}}”的 {{version}} 版本未通过审核',
    review_posted: '“{{plugin}}”收到新评价',
    plugin_deleted_by_admin: '“{{plugin}}”已被管理员删除',
  },
  reason: '原因：{{reason}}',
  rating: '评分：{{rating}} / 5',
  reviewTitle: '标题：{{title}}',
  viewPlugin: '查看插件',
  email: {
    title: '邮件通知',
    intro: '以下情况也发邮件给我：',
    unavailable: '本站不发送邮件，通知只显示在这里。',
    error: '无法加载你的邮件设置。',
    saved: '邮件设置已保存',
    kinds: {
      submission_approved: '我提交的版本通过审核',
      submission_rejected: '我提交的版本未通过审核',
      review_posted: '有人评价我的插件',
      plugin_deleted_by_admin: '管理员删除我的插件',
    },
  },
};
