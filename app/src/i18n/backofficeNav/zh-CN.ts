import type { BackofficeNavMessages } from './messages';

/** zh-CN back-office navigation labels: the default locale. */
export const texts: BackofficeNavMessages = {
  resourceStates: '资源位',
  banners: '轮播图',
  recommendation: '推荐',
  people: '人员',
  spaceSetting: '空间设置',
  iconfont: '图标库',
  pexels: '图片库',
  ratingReports: '被举报的评价',
  loginMethods: '登录方式',
  mirroring: '镜像',
  webhooks: '网络钩子（Webhooks）',
};
