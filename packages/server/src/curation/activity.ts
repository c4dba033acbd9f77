/**
 * The activity info (`GET activity/activity/info?activity_id=`, SPEC §3): for an
 * activity of the server's `ACTIVITIES` configuration (`config/curation.ts`), its cover and tutorial
 * as configured, `view_num` counted in the database at every call (one counter row per activity,
 * incremented atomically) and `participate_num`, the number of approved plugins carrying the
 * activity's tag (0 when it has none).
 */
import { type ActivityInfo, ApiErrorCode } from '@plugin-center/contract/schemas';
import type { ActivityConfig } from '../config/curation';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { approvedPluginsWithTag, countActivityView } from './data/activity';

/** The activity operations over one database and the configured activities. */
export class ActivityService {
  private readonly byId: Map<string, ActivityConfig>;

  constructor(
    private readonly db: Database,
    activities: readonly ActivityConfig[],
  ) {
    this.byId = new Map(activities.map((activity) => [activity.id, activity]));
  }

  /**
   * Counts a view of the activity and answers its info. Unknown ids write nothing.
   * @throws ApiError 404 ACTIVITY_NOT_FOUND for an id that is not configured
   */
  async info(activityId: string): Promise<ActivityInfo> {
    const activity = this.byId.get(activityId);
    if (!activity)
      throw new ApiError(ApiErrorCode.ACTIVITY_NOT_FOUND, `no activity with activity_id ${activityId}`);
    const view_num = await countActivityView(this.db.kysely, activity.id);
    const participate_num = activity.tag ? await approvedPluginsWithTag(this.db.kysely, activity.tag) : 0;
    return { view_num, participate_num, cover: activity.cover, tutorial_url: activity.tutorial_url };
  }
}
