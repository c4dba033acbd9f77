import type { MirroringMessages } from './messages';

/** ko-KR texts of the back office's mirroring page. */
export const texts: MirroringMessages = {
  title: '미러링',
  intro: '다른 Plugin Center에서 승인된 플러그인을 가져옵니다. 각 버전은 저장하기 전에 서명을 검증합니다.',
  notMirror:
    '이 배포는 다른 Plugin Center를 미러링하지 않습니다. UPSTREAM_URL을 설정하면 업스트림의 승인된 플러그인을 가져옵니다.',
  upstream: '업스트림',
  allowlist: '허용 목록',
  allowAll: '승인된 모든 플러그인',
  allowKeys: '플러그인 키: {{list}}',
  allowTags: '태그: {{list}}',
  allowPublishers: '게시자: {{list}}',
  interval: '자동 가져오기',
  intervalEvery: '{{count}}분마다',
  intervalOff: '꺼짐',
  mirrored: '미러링된 플러그인',
  lastPull: '마지막 가져오기',
  never: '아직 가져오지 않음',
  sourcePull: '{{upstream}}에서 가져오기, 시작 {{time}}',
  sourceBundle: '{{upstream}}의 번들 가져오기, {{time}}',
  running: '가져오는 중…',
  counts: '추가 {{added}}, 업데이트 {{updated}}, 철회 {{withdrawn}}, 실패 {{failed}}',
  quiet: '변경 없음 {{unchanged}}, 허용 목록 제외 {{skipped}}',
  stopped: '중단됨: {{error}}',
  failures: '실패',
  pullNow: '지금 가져오기',
  pulling: '가져오는 중…',
  pulled: '가져오기 완료',
  pullFailed: '가져오기를 실행할 수 없습니다',
  loading: '불러오는 중…',
  loadError: '미러링 상태를 불러올 수 없습니다',
};
