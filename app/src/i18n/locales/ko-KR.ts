import type { PartialMessages } from '../messages';

/** ko-KR texts (SPEC §1): partial; i18next falls back to en-US for every key not given here. */
export const koKR: PartialMessages = {
  app: { name: '플러그인 센터', home: '플러그인 광장', language: '언어' },
  square: {
    title: '플러그인 광장',
    all: '전체',
    sortLatest: '최신순',
    sortPopular: '인기순',
    sortRelevance: '관련도순',
    suggestions: '검색어 추천',
    suggestTag: '태그',
    search: '플러그인 검색',
    loadMore: '더 보기',
    retry: '다시 시도',
  },
  recommend: { title: '추천 플러그인', refresh: '새로고침' },
  detail: { close: '닫기', copyLink: '링크 복사' },
  forbidden: { message: '이 페이지에 접근할 권한이 없습니다', backHome: '홈으로 돌아가기' },
  // --- issue 15, cookie consent (helper "consent"): the notice, its settings, the footer button ---
  consent: {
    title: '쿠키 사용 안내',
    body: '사이트 운영에 꼭 필요한 쿠키를 사용합니다. 동의하시면 방문과 클릭을 집계해 제품을 개선하기 위한 마케팅 쿠키도 사용합니다. 선택은 페이지 하단의 "쿠키 설정"에서 언제든지 변경할 수 있습니다.',
    policy: '이용약관',
    rejectAll: '모두 거부',
    settings: '설정',
    acceptAll: '모두 허용',
    settingsTitle: '쿠키 설정',
    settingsIntro: '이 사이트에서 사용할 쿠키를 선택하세요. 선택은 1년 동안 유지됩니다.',
    necessary: '필수',
    alwaysActive: '항상 활성',
    necessaryDesc: '언어, 로그인 상태와 이 선택을 저장합니다. 이 쿠키가 없으면 사이트가 작동하지 않습니다.',
    marketing: '마케팅',
    marketingDesc: '페이지 조회와 클릭을 집계하여 제품 개선을 위해 자체 수집 서버로 전송합니다.',
    save: '저장',
    cancel: '취소',
  },
};
