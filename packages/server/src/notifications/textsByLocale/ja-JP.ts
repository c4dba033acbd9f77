/** The notification e-mails' texts in ja-JP (see `../mailTexts.ts`). */
import type { NotificationMailTexts } from '../mailTexts';

export const jaJP: NotificationMailTexts = {
  subject: {
    submission_approved: '「{plugin}」が承認されました',
    submission_rejected: '「{plugin}」は承認されませんでした',
    review_posted: '「{plugin}」に新しいレビューが届きました',
    plugin_deleted_by_admin: '「{plugin}」は管理者により削除されました',
  },
  lead: {
    submission_approved:
      'プラグイン「{plugin}」のバージョン {version} が承認され、プラグインセンターで公開されました。',
    submission_rejected: 'プラグイン「{plugin}」のバージョン {version} は承認されませんでした。',
    review_posted: 'プラグイン「{plugin}」にレビューが投稿されました。',
    plugin_deleted_by_admin: '管理者がプラグイン「{plugin}」をプラグインセンターから削除しました。',
  },
  reason: '理由：{reason}',
  rating: '評価：5 つ星中 {rating}',
  reviewTitle: 'タイトル：{title}',
  open: '通知を見る：{url}',
  footer: 'このメールは、プラグインセンターでプラグインを公開しているためお送りしています。',
  unsubscribe: 'この種類のメールを停止する：{url}',
  kindName: {
    submission_approved: '承認のメール通知',
    submission_rejected: '非承認のメール通知',
    review_posted: 'レビューのメール通知',
    plugin_deleted_by_admin: '管理者による削除のメール通知',
  },
  page: {
    title: 'メール通知',
    confirm: '{kind}をオフにしますか？',
    button: 'オフにする',
    done: '{kind}をオフにしました。通知はプラグインセンターに引き続き表示され、そこでメールを再びオンにできます。',
    invalid:
      'このリンクは無効か、期限が切れています。プラグインセンターの通知ページでメール設定を変更してください。',
  },
};
