import type { NotificationsMessages } from './messages';

/** ja-JP texts of the notifications page, the header's bell and the e-mail preferences. */
export const texts: NotificationsMessages = {
  title: '通知',
  bell: '通知',
  bellUnread: '通知、未読：{{n}}',
  loading: '通知を読み込んでいます…',
  signingIn: 'ログイン画面へ移動しています…',
  error: '通知を読み込めませんでした。',
  empty: 'まだ通知はありません',
  emptyHint: 'プラグインが承認・非承認・レビュー・削除されると、ここでお知らせします。',
  markAllRead: 'すべて既読にする',
  markRead: '既読にする',
  unread: '未読',
  loadMore: 'さらに読み込む',
  actionError: 'うまくいきませんでした。もう一度お試しください。',
  kinds: {
    submission_approved: '「{{plugin}}」のバージョン {{version}} が承認されました',
    submission_rejected: '「{{plugin}}」のバージョン {{version}} は承認されませんでした',
    review_posted: '「{{plugin}}」に新しいレビュー',
    plugin_deleted_by_admin: '「{{plugin}}」は管理者により削除されました',
  },
  reason: '理由：{{reason}}',
  rating: '評価：{{rating}} / 5',
  reviewTitle: 'タイトル：{{title}}',
  viewPlugin: 'プラグインを見る',
  email: {
    title: 'メール通知',
    intro: '次の場合はメールでも知らせる：',
    unavailable: 'このサイトはメールを送信しません。通知はここにだけ表示されます。',
    error: 'メール設定を読み込めませんでした。',
    saved: 'メール設定を保存しました',
    kinds: {
      submission_approved: '提出したバージョンが承認されたとき',
      submission_rejected: '提出したバージョンが承認されなかったとき',
      review_posted: '自分のプラグインにレビューが投稿されたとき',
      plugin_deleted_by_admin: '管理者が自分のプラグインを削除したとき',
    },
  },
};
