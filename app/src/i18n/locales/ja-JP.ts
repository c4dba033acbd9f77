import type { PartialMessages } from '../messages';

/** ja-JP texts (SPEC §1): partial; i18next falls back to en-US for every key not given here. */
export const jaJP: PartialMessages = {
  app: { name: 'プラグインセンター', home: 'プラグイン広場', language: '言語' },
  square: {
    title: 'プラグイン広場',
    all: 'すべて',
    sortLatest: '最新',
    sortPopular: '人気順',
    sortRelevance: '関連度順',
    suggestions: '検索候補',
    suggestTag: 'タグ',
    search: 'プラグインを検索',
    loadMore: 'さらに読み込む',
    retry: '再試行',
  },
  recommend: { title: 'おすすめプラグイン', refresh: '更新' },
  detail: { close: '閉じる', copyLink: 'リンクをコピー' },
  forbidden: { message: 'このページにアクセスする権限がありません', backHome: 'ホームに戻る' },
  // --- issue 15, cookie consent (helper "consent"): the notice, its settings, the footer button ---
  consent: {
    title: 'Cookie の使用について',
    body: 'サイトの動作に必要な Cookie を使用しています。同意いただいた場合は、閲覧数やクリック数を計測して製品を改善するため、マーケティング Cookie も使用します。選択はページ下部の「Cookie 設定」からいつでも変更できます。',
    policy: '利用規約',
    rejectAll: 'すべて拒否',
    settings: '設定',
    acceptAll: 'すべて許可',
    settingsTitle: 'Cookie 設定',
    settingsIntro: 'このサイトで使用する Cookie を選択してください。選択は 1 年間保持されます。',
    necessary: '必須',
    alwaysActive: '常に有効',
    necessaryDesc: '言語、ログイン状態、この選択を保存します。これらがないとサイトは動作しません。',
    marketing: 'マーケティング',
    marketingDesc: 'ページの閲覧とクリックを計測し、製品改善のために自社の集計サーバーへ送信します。',
    save: '保存',
    cancel: 'キャンセル',
  },
};
