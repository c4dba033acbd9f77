import type { ReviewStatus } from '@plugin-center/contract';
import { usePublishTexts } from '../i18n/publish/texts';
import { Tag, type TagTone } from '../ui/Badge';

/** The tone of each review status: unreviewed grey, approved green, not approved red. */
const REVIEW_TONES: Record<ReviewStatus, TagTone> = { 1: 'neutral', 2: 'success', 3: 'danger' };

/**
 * A submission's review status as the kit's {@link Tag} (SPEC §4): `1` unreviewed, `2` approved,
 * `3` not approved, also in `data-status`; the text says it too.
 */
export function StatusBadge({ status }: { status: ReviewStatus }) {
  const { t } = usePublishTexts();
  return (
    <Tag className="status-badge" tone={REVIEW_TONES[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
