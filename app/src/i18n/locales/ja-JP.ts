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
  ui: {
    confirm: '確定',
    cancel: 'キャンセル',
    close: '閉じる',
    searchPlaceholder: '検索',
    showPassword: 'パスワードを表示',
    increase: '増やす',
    decrease: '減らす',
    loading: '読み込み中',
  },
};
