import { isSuccess, type PluginDetail, type PluginReview, type RatingSort } from '@plugin-center/api';
import { RATING_LIMITS } from '@plugin-center/contract/text';
import { useApiClient, useSession } from '@plugin-center/react';
import { usePluginRatings } from '@plugin-center/react/ratings';
import { useEffect, useRef, useState } from 'react';
import { ReasonDialog, TextForm } from '../../components/ReasonDialog';
import { formatDate } from '../../format';
import { useRatingsTexts } from '../../i18n/ratings/texts';
import { signInHere } from '../../session';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Select, TextArea, TextInput } from '../../ui/Field';
import { FormField } from '../../ui/FormField';
import { DetailHeading } from './DetailHeading';
import './ratings.css';

type T = ReturnType<typeof useRatingsTexts>['t'];
const SORTS: readonly [RatingSort, string][] = [
  ['newest', 'sortNewest'],
  ['helpful', 'sortHelpful'],
  ['highest', 'sortHighest'],
  ['lowest', 'sortLowest'],
];

/** `★★★★☆` for `stars` of 5, hidden from assistive technology (the label says it). */
function Stars({ stars, label }: { stars: number; label: string }) {
  return (
    <span className="rating-stars" role="img" aria-label={label}>
      {'★'.repeat(stars)}
      <span className="rating-stars-off">{'★'.repeat(5 - stars)}</span>
    </span>
  );
}

/** Runs a change, toasting its failure; resolves whether it worked. */
async function attempt(t: T, call: () => Promise<{ code: number }>): Promise<boolean> {
  try {
    const res = await call();
    if (!isSuccess(res)) throw res;
    return true;
  } catch {
    notify(t('failed'), 'error');
    return false;
  }
}

/**
 * The caller's own rating: 1–5 stars as a radio group (arrow keys move between them, as native
 * radios do), an optional title and text (the contract's `RATING_LIMITS`), save, and delete behind
 * a confirmation; the moderator's reason when the review was hidden.
 */
function MyRatingForm({
  pluginKey,
  mine,
  onChanged,
}: {
  pluginKey: string;
  mine: PluginReview | null;
  onChanged(): void;
}) {
  const { t } = useRatingsTexts();
  const client = useApiClient();
  const [stars, setStars] = useState(mine?.rating ?? 0);
  const [title, setTitle] = useState(mine?.title ?? '');
  const [body, setBody] = useState(mine?.body ?? '');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setStars(mine?.rating ?? 0);
    setTitle(mine?.title ?? '');
    setBody(mine?.body ?? '');
  }, [mine]);
  const save = async () => {
    if (stars < 1) return;
    setBusy(true);
    const ok = await attempt(t, () =>
      client.plugin.saveRating({ plugin_key: pluginKey, rating: stars, title, body }),
    );
    setBusy(false);
    if (ok) {
      notify(t('saved'), 'success');
      onChanged();
    }
  };
  const remove = async () => {
    if (await attempt(t, () => client.plugin.deleteRating({ plugin_key: pluginKey }))) {
      notify(t('deleted'), 'success');
      onChanged();
    }
  };
  return (
    <form
      className="rating-form"
      aria-label={t('mine')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {mine?.hidden_reason != null && (
        <p className="rating-hidden-note" role="note">
          {t('hiddenNote', { reason: mine.hidden_reason })}
        </p>
      )}
      <fieldset className="rating-choice">
        <legend>{t('rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} data-on={n <= stars ? '' : undefined}>
            <input
              type="radio"
              name="rating-stars"
              value={n}
              checked={stars === n}
              onChange={() => setStars(n)}
              required
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{t('starOption', { stars: n })}</span>
          </label>
        ))}
      </fieldset>
      <FormField id="rating-title" label={t('reviewTitle')}>
        <TextInput
          id="rating-title"
          value={title}
          maxLength={RATING_LIMITS.TITLE}
          onChange={(e) => setTitle(e.target.value)}
        />
      </FormField>
      <FormField id="rating-body" label={t('reviewBody')}>
        <TextArea
          id="rating-body"
          value={body}
          rows={4}
          maxLength={RATING_LIMITS.BODY}
          onChange={(e) => setBody(e.target.value)}
        />
      </FormField>
      <div className="rating-form-buttons">
        <Button type="submit" variant="primary" disabled={stars < 1} loading={busy}>
          {t('save')}
        </Button>
        {mine && (
          <Dialog
            role="alertdialog"
            title={t('delete')}
            description={t('deleteConfirm')}
            confirmLabel={t('delete')}
            cancelLabel={t('cancel')}
            confirmVariant="error"
            onConfirm={remove}
            trigger={<Button type="button">{t('delete')}</Button>}
          />
        )}
      </div>
    </form>
  );
}

/** The publisher's reply form of one review (write, edit, delete). */
function ReplyForm({ review, onChanged }: { review: PluginReview; onChanged(): void }) {
  const { t } = useRatingsTexts();
  const client = useApiClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply?.body ?? '');
  const id = `reply-${review.id}`;
  if (!editing) {
    return (
      <div className="rating-form-buttons">
        <Button variant="text" onClick={() => setEditing(true)}>
          {review.reply ? t('replyEdit') : t('replyAction')}
        </Button>
        {review.reply && (
          <Button
            variant="text"
            onClick={() =>
              void attempt(t, () => client.plugin.deleteRatingReply({ review_id: review.id })).then(
                (ok) => ok && onChanged(),
              )
            }
          >
            {t('replyDelete')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <TextForm
      id={id}
      label={t('replyLabel')}
      submit={t('replySave')}
      maxLength={RATING_LIMITS.REPLY}
      text={text}
      onText={setText}
      cancel={
        <Button type="button" onClick={() => setEditing(false)}>
          {t('cancel')}
        </Button>
      }
      onSubmit={(value) =>
        void attempt(t, () => client.plugin.saveRatingReply({ review_id: review.id, body: value })).then(
          (ok) => {
            if (!ok) return;
            setEditing(false);
            onChanged();
          },
        )
      }
    />
  );
}

/** One review: stars, title, text, author and date, helpful and report, the publisher's reply. */
function ReviewItem(props: {
  review: PluginReview;
  signedIn: boolean;
  canReply: boolean;
  onChanged(): void;
}) {
  const { review, signedIn, onChanged } = props;
  const { t, locale } = useRatingsTexts();
  const client = useApiClient();
  const needSignIn = () => void signInHere().catch(() => {});
  return (
    <li className="rating-item" data-review-id={review.id}>
      <Stars stars={review.rating} label={t('stars', { stars: review.rating })} />
      {review.title && <strong className="rating-title">{review.title}</strong>}
      {review.body && <p className="prewrap">{review.body}</p>}
      <p className="rating-meta">
        {t('by', { name: review.author.nick_name })} · {formatDate(review.create_time, locale, '')}
        {review.update_time > review.create_time && ` · ${t('edited')}`}
      </p>
      {!review.is_mine && (
        <div className="rating-form-buttons">
          <Button
            variant="text"
            aria-pressed={review.is_helpful}
            onClick={() =>
              signedIn
                ? void attempt(t, () =>
                    client.plugin.ratingHelpful({ review_id: review.id, helpful: !review.is_helpful }),
                  ).then((ok) => ok && onChanged())
                : needSignIn()
            }
          >
            {t('helpful', { count: review.helpful_count })}
          </Button>
          {signedIn ? (
            <ReasonDialog
              trigger={<Button variant="text">{t('report')}</Button>}
              title={t('reportTitle')}
              label={t('reportReason')}
              confirm={t('report')}
              cancel={t('cancel')}
              maxLength={RATING_LIMITS.REASON}
              onSubmit={async (reason) => {
                const ok = await attempt(t, () =>
                  client.plugin.reportRating({ review_id: review.id, reason }),
                );
                if (ok) notify(t('reported'), 'success');
                return ok;
              }}
            />
          ) : (
            <Button variant="text" onClick={needSignIn}>
              {t('report')}
            </Button>
          )}
        </div>
      )}
      {review.is_mine && review.helpful_count > 0 && (
        <p className="rating-meta">{t('helpful', { count: review.helpful_count })}</p>
      )}
      {review.reply && (
        <blockquote className="rating-reply">
          <strong>{t('reply')}</strong>
          <p className="prewrap">{review.reply.body}</p>
        </blockquote>
      )}
      {props.canReply && <ReplyForm review={review} onChanged={onChanged} />}
    </li>
  );
}

/**
 * The detail's ratings and reviews (lazily loaded with its texts, `RatingsSectionLazy`): the average,
 * the count and the distribution bars (1–5 stars), the reviews in the chosen order (newest, most
 * helpful, highest, lowest) with "show more", each with helpful and report buttons and the
 * publisher's reply (which the plugin's owner writes, edits and deletes here), and the caller's own
 * rating form ({@link MyRatingForm}) once signed in and installed; a visitor is asked to sign in, a
 * user who has not installed the plugin to install it (read again once they install it). Changes
 * reload the list.
 *
 * @param plugin - the loaded plugin; its rating figures change with `onChanged` as well
 * @param onChanged - reloads the detail (its `rating_average` / `rating_count`) after a change
 */
export function RatingsSection({ plugin, onChanged }: { plugin: PluginDetail; onChanged: () => void }) {
  const { t, locale } = useRatingsTexts();
  const { signedIn } = useSession();
  const [sort, setSort] = useState<RatingSort>('newest');
  const ratings = usePluginRatings(plugin.plugin_key, sort);
  const summary = ratings.summary;
  const changed = () => {
    ratings.reload();
    onChanged();
  };
  const count = summary?.rating_count ?? plugin.rating_count;
  // Installing from the action bar above makes the caller a possible rater: read the rights again.
  const wasInstalled = useRef(plugin.is_installed);
  useEffect(() => {
    if (plugin.is_installed !== wasInstalled.current) {
      wasInstalled.current = plugin.is_installed;
      ratings.reload();
    }
  }, [plugin.is_installed, ratings.reload]);
  return (
    <section
      className="detail-section ratings"
      data-testid="detail-ratings"
      aria-busy={ratings.status === 'requesting'}
    >
      <DetailHeading>{t('title')}</DetailHeading>
      {summary && summary.rating_average !== null ? (
        <div className="ratings-summary">
          <p className="ratings-average">
            <span className="ratings-average-number">{summary.rating_average.toLocaleString(locale)}</span>{' '}
            <span>{t('average', { average: summary.rating_average.toLocaleString(locale) })}</span>{' '}
            <span>{t('count', { count })}</span>
          </p>
          <ul className="ratings-bars">
            {[5, 4, 3, 2, 1].map((stars) => {
              const n = summary.distribution[stars - 1] ?? 0;
              return (
                <li key={stars} aria-label={t('bar', { stars, count: n })}>
                  <span aria-hidden="true">{stars}★</span>
                  <span className="ratings-bar" aria-hidden="true">
                    <span style={{ width: `${count ? (100 * n) / count : 0}%` }} />
                  </span>
                  <span aria-hidden="true">{n}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        ratings.status === 'success' && <p>{t('none')}</p>
      )}
      {!signedIn ? (
        <p>
          <Button variant="text" onClick={() => void signInHere().catch(() => {})}>
            {t('signIn')}
          </Button>
        </p>
      ) : ratings.canRate || ratings.myReview ? (
        <MyRatingForm pluginKey={plugin.plugin_key} mine={ratings.myReview} onChanged={changed} />
      ) : (
        ratings.status === 'success' && <p>{t('installFirst')}</p>
      )}
      {ratings.items.length > 0 && (
        <>
          <FormField id="ratings-sort" label={t('sort')}>
            <Select id="ratings-sort" value={sort} onChange={(e) => setSort(e.target.value as RatingSort)}>
              {SORTS.map(([value, key]) => (
                <option key={value} value={value}>
                  {t(key)}
                </option>
              ))}
            </Select>
          </FormField>
          <ul className="ratings-list">
            {ratings.items.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                signedIn={signedIn}
                canReply={ratings.canReply}
                onChanged={changed}
              />
            ))}
          </ul>
        </>
      )}
      {ratings.hasMore && (
        <Button onClick={ratings.loadMore} loading={ratings.isLoadingMore}>
          {t('more')}
        </Button>
      )}
    </section>
  );
}
