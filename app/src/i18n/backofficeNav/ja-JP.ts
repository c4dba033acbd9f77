import type { BackofficeNavMessages } from './messages';

/** ja-JP back-office navigation labels. */
export const texts: BackofficeNavMessages = {
  resourceStates: 'リソース枠',
  banners: 'バナー',
  recommendation: 'おすすめ',
  people: 'メンバー',
  spaceSetting: 'スペース設定',
  iconfont: 'アイコンフォント',
  pexels: 'Pexels',
  ratingReports: '報告されたレビュー',
  loginMethods: 'サインイン方法',
  mirroring: 'ミラーリング',
  webhooks: 'ウェブフック（Webhook）',
};
