import type { MirroringMessages } from './messages';

/** ja-JP texts of the back office's mirroring page. */
export const texts: MirroringMessages = {
  title: 'ミラーリング',
  intro: '別の Plugin Center から承認済みプラグインを取得します。各バージョンは保存前に署名を検証します。',
  notMirror:
    'このデプロイは他の Plugin Center をミラーしていません。UPSTREAM_URL を設定すると上流の承認済みプラグインを取得します。',
  upstream: '上流',
  allowlist: '許可リスト',
  allowAll: 'すべての承認済みプラグイン',
  allowKeys: 'プラグインキー：{{list}}',
  allowTags: 'タグ：{{list}}',
  allowPublishers: 'パブリッシャー：{{list}}',
  interval: '自動取得',
  intervalEvery: '{{count}} 分ごと',
  intervalOff: 'オフ',
  mirrored: 'ミラーしたプラグイン',
  lastPull: '前回の取得',
  never: 'まだ取得していません',
  sourcePull: '{{upstream}} から取得、開始 {{time}}',
  sourceBundle: '{{upstream}} のバンドルを取り込み、{{time}}',
  running: '取得中…',
  counts: '追加 {{added}}、更新 {{updated}}、取り下げ {{withdrawn}}、失敗 {{failed}}',
  quiet: '変更なし {{unchanged}}、許可リスト外 {{skipped}}',
  stopped: '中断：{{error}}',
  failures: '失敗',
  pullNow: '今すぐ取得',
  pulling: '取得中…',
  pulled: '取得が完了しました',
  pullFailed: '取得を実行できませんでした',
  loading: '読み込み中…',
  loadError: 'ミラーリングの状態を読み込めませんでした',
};
