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
  ui: {
    confirm: '확인',
    cancel: '취소',
    close: '닫기',
    searchPlaceholder: '검색',
    showPassword: '비밀번호 표시',
    increase: '늘리기',
    decrease: '줄이기',
    loading: '불러오는 중',
  },
};
