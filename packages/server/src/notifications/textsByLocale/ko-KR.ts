/** The notification e-mails' texts in ko-KR (see `../mailTexts.ts`). */
import type { NotificationMailTexts } from '../mailTexts';

export const koKR: NotificationMailTexts = {
  subject: {
    submission_approved: '“{plugin}”이(가) 승인되었습니다',
    submission_rejected: '“{plugin}”이(가) 승인되지 않았습니다',
    review_posted: '“{plugin}”에 새 리뷰가 등록되었습니다',
    plugin_deleted_by_admin: '“{plugin}”이(가) 관리자에 의해 삭제되었습니다',
  },
  lead: {
    submission_approved: '플러그인 “{plugin}”의 {version} 버전이 승인되어 플러그인 센터에 게시되었습니다.',
    submission_rejected: '플러그인 “{plugin}”의 {version} 버전이 승인되지 않았습니다.',
    review_posted: '플러그인 “{plugin}”에 리뷰가 등록되었습니다.',
    plugin_deleted_by_admin: '관리자가 플러그인 센터에서 플러그인 “{plugin}”을(를) 삭제했습니다.',
  },
  reason: '사유: {reason}',
  rating: '평점: 5점 만점에 {rating}점',
  reviewTitle: '제목: {title}',
  open: '알림 보기: {url}',
  footer: '플러그인 센터에 플러그인을 게시하셨기 때문에 이 메일을 받으셨습니다.',
  unsubscribe: '이런 메일 그만 받기: {url}',
  kindName: {
    submission_approved: '승인 메일 알림',
    submission_rejected: '반려 메일 알림',
    review_posted: '리뷰 메일 알림',
    plugin_deleted_by_admin: '관리자 삭제 메일 알림',
  },
  page: {
    title: '메일 알림',
    confirm: '{kind}을(를) 끌까요?',
    button: '끄기',
    done: '{kind}을(를) 껐습니다. 알림은 플러그인 센터에 계속 표시되며, 그곳에서 메일을 다시 켤 수 있습니다.',
    invalid: '이 링크는 잘못되었거나 만료되었습니다. 플러그인 센터의 알림 페이지에서 메일 설정을 바꾸세요.',
  },
};
