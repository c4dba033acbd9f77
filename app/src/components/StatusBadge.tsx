import type { ReviewStatus } from '@plugin-center/contract';
import { usePublishTexts } from '../i18n/publish/texts';

/**
 * A submission's review status as a coloured badge (SPEC §4): `1` unreviewed, `2` approved, `3` not
 * approved; the colour is carried by `data-status`, the text says it too.
 */
export function StatusBadge({ status }: { status: ReviewStatus }) {
  const { t } = usePublishTexts();
  return (
    <span className="status-badge" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
