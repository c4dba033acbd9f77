import type { NotificationsMessages } from './messages';

/** ko-KR texts of the notifications page, the header's bell and the e-mail preferences. */
export const texts: NotificationsMessages = {
  title: '알림',
  bell: '알림',
  bellUnread: '알림, 읽지 않음: {{n}}',
  loading: '알림을 불러오는 중…',
  signingIn: '로그인 페이지로 이동하는 중…',
  error: '알림을 불러오지 못했습니다.',
  empty: '아직 알림이 없습니다',
  emptyHint: '플러그인이 승인·반려·리뷰·삭제되면 여기에서 알려 드립니다.',
  markAllRead: '모두 읽음으로 표시',
  markRead: '읽음으로 표시',
  unread: '읽지 않음',
  loadMore: '더 불러오기',
  actionError: '처리하지 못했습니다. 다시 시도해 주세요.',
  kinds: {
    submission_approved: '“{{plugin}}” {{version}} 버전이 승인되었습니다',
    submission_rejected: '“{{plugin}}” {{version}} 버전이 승인되지 않았습니다',
    review_posted: '“{{plugin}}”에 새 리뷰',
    plugin_deleted_by_admin: '관리자가 “{{plugin}}”을(를) 삭제했습니다',
  },
  reason: '사유: {{reason}}',
  rating: '평점: {{rating}} / 5',
  reviewTitle: '제목: {{title}}',
  viewPlugin: '플러그인 보기',
  email: {
    title: '메일 알림',
    intro: '다음의 경우 메일로도 알려 주세요:',
    unavailable: '이 사이트는 메일을 보내지 않습니다. 알림은 여기에만 표시됩니다.',
    error: '메일 설정을 불러오지 못했습니다.',
    saved: '메일 설정을 저장했습니다',
    kinds: {
      submission_approved: '제출한 버전이 승인되었을 때',
      submission_rejected: '제출한 버전이 승인되지 않았을 때',
      review_posted: '누군가 내 플러그인에 리뷰를 남겼을 때',
      plugin_deleted_by_admin: '관리자가 내 플러그인을 삭제했을 때',
    },
  },
};
