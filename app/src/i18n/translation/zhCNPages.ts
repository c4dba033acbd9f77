import type { Messages } from './messages';

/**
 * The sections of the main namespace that only lazily loaded pages read: the detail dialog, the back
 * office's header, the reports (back office and a publisher's analytics), the 403, sign-in and
 * not-found pages, the protocol and the desktop client's header.
 */
export type PagesSection =
  | 'detail'
  | 'backstage'
  | 'analytics'
  | 'forbidden'
  | 'signInElsewhere'
  | 'notFound'
  | 'protocol'
  | 'desktop';

/**
 * zh-CN texts of {@link PagesSection}: their own chunk, out of the square's first load (100 KB gzip
 * budget). `lazyWithTexts` (`../i18n.ts`) loads it before any lazily loaded page renders and adds it to
 * the main namespace; the other locales' files carry these sections themselves.
 */
export const texts: Pick<Messages, PagesSection> = {
  detail: {
    close: '关闭',
    loading: '正在加载插件…',
    error: '插件加载失败。',
    notFound: '该插件不存在或已被删除。',
    backToSquare: '返回插件广场',
    description: '插件介绍',
    gallery: '图片与视频',
    galleryImage: '{{name}}，第 {{n}} 张图片（共 {{total}} 张）',
    video: '{{name}} 视频',
    tags: '标签',
    platforms: '平台',
    currentVersion: '当前版本',
    versionContent: '版本说明',
    createTime: '创建时间',
    updateTime: '更新时间',
    copyrightHolder: '版权所有者',
    license: '许可证',
    technicalSupport: '技术支持',
    homepage: '主页',
    repository: '仓库',
    source: '来源',
    sourceNote: '收录自公开的插件列表',
    history: '历史版本',
    noHistory: '暂无历史版本',
    copyLink: '复制链接',
    linkCopied: '链接已复制',
    linkCopyFailed: '链接复制失败',
    details: '详细信息',
    none: '—',
  },
  backstage: {
    title: '管理后台',
    checking: '正在检查权限…',
    signingIn: '正在前往登录…',
    backToSquare: '插件广场',
    auditList: '插件审核',
    auditLog: '审核日志',
    batchUpload: '批量上传',
    owners: '插件归属',
    userInfo: '管理员',
    nickName: '昵称',
    email: '邮箱',
    role: '角色',
    roles: { 0: '普通用户', 1: '超级管理员', 2: '普通管理员' },
  },
  analytics: {
    stats: {
      title: '统计：{{name}}',
      docTitle: '插件统计',
      backToMine: '返回我的插件',
      exportCsv: '导出 CSV',
      exported: '已保存 {{file}}',
      exportFailed: 'CSV 导出失败。',
      empty: '该时间范围内还没有数据',
      emptyHint: '该插件的安装、浏览、点赞和评分发生后，会按日期显示在这里。',
      noPlugin: '请从“我的插件”打开某个插件的统计。',
      installsPerDay: '每日安装与卸载',
      viewsPerDay: '每日浏览与点赞',
      totals: '所选时间内',
      perVersion: '按版本',
      version: '版本',
      unknownVersion: '未记录',
      unknownVersionHint: '“未记录”是开始记录版本之前的数据，或没有版本的插件的数据。',
      current: '{{version}}（当前）',
      installs: '安装',
      uninstalls: '卸载',
      views: '浏览',
      likes: '点赞',
      unlikes: '取消点赞',
      ratings: '评分',
      average: '平均评分',
      viewsHint: '同一访客每天只计一次。',
    },
    title: '数据分析',
    publisherTitle: '我的插件数据',
    backOffice: '后台',
    range: '时间范围',
    lastDays: '最近 {{n}} 天',
    utcRange: '{{from}} – {{to}}（UTC 日期）',
    loading: '正在加载数据…',
    updating: '正在更新…',
    error: '数据加载失败。',
    empty: '该时间范围内还没有事件',
    emptyHint: '网站上报页面浏览和插件事件后，数据会显示在这里。',
    pageviews: '页面浏览量',
    visitors: '访客数',
    uniqueVisitors: '访客',
    uniqueVisitorsHint: '所选时间内的去重访客数',
    pluginViews: '插件浏览',
    pluginInstalls: '插件安装',
    events: '事件数',
    traffic: '每日页面浏览量和访客数',
    topPlugins: '热门插件',
    noPluginEvents: '该时间范围内没有插件事件',
    eventsByName: '按名称统计的事件',
    event: '事件',
    count: '次数',
    share: '占比',
    day: '日期',
    plugin: '插件',
    views: '浏览',
    installs: '安装',
    likes: '点赞',
    lineChart: '折线图：{{title}}，{{range}}。数据见后面的表格。',
    barChart: '柱状图：{{title}}，{{range}}。数据见后面的表格。',
    developer: '开发者',
    developerHint: '留空查看你自己的插件，或输入要查看的开发者名称。',
    subjectOwn: '你的账号拥有的插件',
    subjectDeveloper: '开发者 {{name}} 的插件',
    ownEmptyHint: '你发布的插件会显示在这里，并附有浏览、安装和点赞数据。',
    publishPlugin: '发布插件',
    show: '查看',
    viewsPerDay: '每日浏览',
    installsPerDay: '每日安装',
    totals: '各插件合计',
    chartLimit: '图表显示浏览最多的 {{n}} 个插件，表格列出全部插件。',
    publisherEmpty: '还没有插件',
    publisherEmptyHint: '该开发者在这里还没有插件。插件按开发者名称匹配：{{name}}。',
    signingIn: '正在前往登录…',
  },
  forbidden: {
    title: '无权访问',
    message: '您没有权限访问此页面',
    backHome: '返回首页',
  },
  signInElsewhere: {
    title: '请先登录',
    heading: '此页面需要登录后使用',
    message: '请先登录您的工作台，然后重新打开此页面。',
    backHome: '返回首页',
  },
  notFound: {
    title: '页面不存在',
    message: '你要找的页面不存在。',
    backHome: '返回首页',
  },
  protocol: {
    title: '用户协议',
    intro: '插件中心收录设计工具的插件。使用本站即表示你同意以下条款。',
    listing: '插件由其开发者制作，而非插件中心。从公开插件列表导入的条目保留来源说明，文字与来源一致。',
    use: '请自行判断安装和使用插件，并遵守插件自身的许可证。发现违规插件请告知管理员。',
    publish: '发布插件即表示你有权分发它，且其名称、介绍、图片和代码不侵犯他人的权利。',
    privacy:
      '严格必要的存储：名为 "lang" 的 Cookie 保存你选择的语言，名为 "cookie_consent" 的 Cookie 保存你的 Cookie 选择（保留一年），"plugin_center_login" 保存你的登录状态（按站点设置存放在本地存储、会话存储或 Cookie 中）。我们会统计每个插件的浏览次数。我们不出售个人数据。',
    analytics:
      '统计分析（营销）：名为 "plugincenter2015jssdkcross" 的 Cookie 保存一个随机的访客 ID，有效期 360 天；名称以 "pcsa_" 开头的本地存储项（"pcsa_first_day"、"pcsa_channel"、"pcsa_pageleave-…"）记录你首次访问的日期、来源和页面停留时长。页面浏览和点击数据只发送到我们自己的统计服务。在需要征得同意的站点上，只有在你点击“全部接受”或在 Cookie 设置中开启“营销”后才会创建这些数据；之后拒绝即会删除。',
  },
  // The desktop client's header (SPEC §2).
  desktop: {
    navigation: '窗口导航',
    back: '后退',
    forward: '前进',
    home: '插件首页',
    openFile: '打开文件',
    adminMenu: '管理',
    management: '管理后台',
    newWindow: '（在新窗口中打开）',
    account: '账号：{{name}}',
  },
};
