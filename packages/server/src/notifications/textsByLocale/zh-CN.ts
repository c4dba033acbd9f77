/** The notification e-mails' texts in zh-CN (see `../mailTexts.ts`). */
import type { NotificationMailTexts } from '../mailTexts';

export const zhCN: NotificationMailTexts = {
  subject: {
    submission_approved: '“{plugin}”已通过审核',
    submission_rejected: '“{plugin}”未通过审核',
    review_posted: '“{plugin}”收到新评价',
    plugin_deleted_by_admin: '“{plugin}”已被管理员删除',
  },
  lead: {
    submission_approved: '你的插件“{plugin}”的 {version} 版本已通过审核，已在插件中心上线。',
    submission_rejected: '你的插件“{plugin}”的 {version} 版本未通过审核。',
    review_posted: '有人评价了你的插件“{plugin}”。',
    plugin_deleted_by_admin: '管理员已从插件中心删除你的插件“{plugin}”。',
  },
  reason: '原因：{reason}',
  rating: '评分：{rating} 星（满分 5 星）',
  reviewTitle: '标题：{title}',
  open: '查看你的通知：{url}',
  footer: '你收到这封邮件，是因为你在插件中心发布了插件。',
  unsubscribe: '不再接收此类邮件：{url}',
  kindName: {
    submission_approved: '审核通过的邮件通知',
    submission_rejected: '审核未通过的邮件通知',
    review_posted: '插件收到评价的邮件通知',
    plugin_deleted_by_admin: '插件被管理员删除的邮件通知',
  },
  page: {
    title: '邮件通知',
    confirm: '关闭{kind}？',
    button: '关闭',
    done: '已关闭{kind}。通知仍会显示在插件中心，你可以在那里重新开启此类邮件。',
    invalid: '此链接无效或已过期。请在插件中心的通知页面修改邮件设置。',
  },
};
