import type { BackofficeNavMessages } from './messages';

/** ko-KR back-office navigation labels. */
export const texts: BackofficeNavMessages = {
  resourceStates: '리소스 영역',
  banners: '배너',
  recommendation: '추천',
  people: '사용자',
  spaceSetting: '스페이스 설정',
  iconfont: '아이콘 폰트',
  pexels: 'Pexels',
  ratingReports: '신고된 리뷰',
  loginMethods: '로그인 방식',
  mirroring: '미러링',
  webhooks: '웹훅',
};
