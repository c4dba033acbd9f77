import type { PluginDetail } from '@plugin-center/api';
import { type FieldChange, ReviewStatus, type Submission } from '@plugin-center/contract';
import { type ReactNode, useId, useMemo } from 'react';
import { PluginIcon } from '../../components/GeneratedCover';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../format';
import type { PublishT } from '../../i18n/publish/texts';
import { DetailHeading } from '../../pages/detail/DetailHeading';
import { DetailPreview } from '../../pages/detail/DetailPreview';
import { Linkified } from '../../pages/detail/Linkified';
import { Tag, type TagTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { FactList } from '../../ui/FactList';
import { Table } from '../../ui/Table';
import '../../ui/lists.css';

/** The tone of each upload check's result: passed green, flagged for attention amber, failed red. */
const CHECK_TONES: Record<Submission['checks'][number]['status'], TagTone> = {
  pass: 'success',
  flag: 'warning',
  fail: 'danger',
};

/** The publish form's label of each media field of a change (what its thumbnails' alt texts name). */
const MEDIA_LABELS: Record<string, string> = {
  icon: 'form.icon',
  cover_center: 'form.coverCenter',
  cover_panel: 'form.coverPanel',
  images: 'form.images',
  video: 'form.video',
};

/** Props of {@link SubmissionCard}. */
export interface SubmissionCardProps {
  s: Submission;
  t: PublishT;
  locale: string;
  /** An action is running: every button is disabled. */
  busy: boolean;
  onApprove(): void;
  onReject(): void;
  onDownload(): void;
  onDelete(): void;
}

/**
 * One submission of the review list (SPEC §4), an `<li class="submission">` named by its heading,
 * with `data-plugin-key`: icon, name, version, plugin_key, submitter, time, live version (or "New
 * plugin"), default install and review status; the reject reason of a rejected one; the other
 * plugins it matches ({@link SubmissionMatches}); the automated checks (pass / flag / fail with
 * detail); the changes against the live version ({@link SubmissionChanges}: texts before → after,
 * images and the gallery as thumbnails, the video as a player, a new code file as a sentence); a
 * preview of the whole listing as the square will show it ({@link ListingPreview}); and the actions:
 * Approve and Reject for an unreviewed one, Download code (disabled without a code file) and Delete.
 */
export function SubmissionCard(props: SubmissionCardProps) {
  const { s, t, locale, busy } = props;
  const headingId = useId();
  return (
    <li className="submission" aria-labelledby={headingId} data-plugin-key={s.plugin_key}>
      <div className="submission-head">
        <PluginIcon name={s.name} icon={s.icon} size={48} />
        <div className="submission-title">
          <h3 id={headingId}>
            {s.name} <span className="submission-meta">{s.version}</span>
          </h3>
          <span className="submission-meta">
            {s.plugin_key} ·{' '}
            {t('audit.submitter', { name: s.submitter?.nick_name ?? t('audit.unknownSubmitter') })} ·{' '}
            {t('audit.time', { time: formatDateTime(s.create_time, locale) })} ·{' '}
            {s.live_version ? t('audit.liveVersion', { version: s.live_version }) : t('audit.newPlugin')}
            {s.is_default_install ? ` · ${t('audit.defaultInstall')}` : ''}
          </span>
        </div>
        <StatusBadge status={s.review_status} />
      </div>
      {s.review_status === ReviewStatus.UNAPPROVED && s.reject_reason && (
        <p className="submission-reason">{t('audit.rejectReasonShown', { reason: s.reject_reason })}</p>
      )}
      {s.matches && s.matches.length > 0 && <SubmissionMatches matches={s.matches} t={t} locale={locale} />}
      <div className="audit-section">
        <h4>{t('audit.checks')}</h4>
        {s.checks.length === 0 ? (
          <p className="state-hint">{t('audit.noChecks')}</p>
        ) : (
          <ul className="audit-checks">
            {s.checks.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: checks have no id and never reorder
              <li key={i}>
                <Tag className="status-badge" tone={CHECK_TONES[c.status]} data-status={c.status}>
                  {t(`audit.checkStatus.${c.status}`)}
                </Tag>
                <strong>{c.check}</strong>
                <span>{c.detail}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {s.live_version !== null && <SubmissionChanges changes={s.changes} t={t} />}
      <ListingPreview s={s} t={t} />
      <div className="submission-actions">
        {s.review_status === ReviewStatus.UNREVIEWED && (
          <>
            <Button variant="primary" onClick={props.onApprove} disabled={busy}>
              {t('audit.approve')}
            </Button>
            <Button onClick={props.onReject} disabled={busy}>
              {t('audit.reject')}
            </Button>
          </>
        )}
        <Button
          onClick={props.onDownload}
          disabled={busy || !s.has_code_file}
          title={s.has_code_file ? undefined : t('audit.noCode')}
        >
          {t('audit.download')}
        </Button>
        <Button className="button-danger" onClick={props.onDelete} disabled={busy}>
          {t('audit.delete')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The warning that a submission looks like other plugins (`Submission.matches`): per plugin its
 * name, plugin_key and on what it matches (manifest id, name, repository), amber as a flagged check.
 */
function SubmissionMatches({
  matches,
  t,
  locale,
}: {
  matches: NonNullable<Submission['matches']>;
  t: PublishT;
  locale: string;
}) {
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  return (
    <div className="audit-section audit-matches">
      <h4>{t('audit.matches')}</h4>
      <ul className="audit-checks">
        {matches.map((m) => (
          <li key={m.plugin_key}>
            <Tag className="status-badge" tone="warning" data-status="match">
              {t('audit.matchTag')}
            </Tag>
            <strong>{m.name}</strong>
            <span>
              {t('audit.matchDetail', {
                key: m.plugin_key,
                fields: list.format(m.fields.map((f) => t(`audit.matchField.${f}`))),
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The changes against the live version as a table (field, before, after), by `kind`: texts as text
 * ('(empty)' for none), an image as a thumbnail, the gallery as a row of thumbnails, the video as a
 * player (nothing loaded until played), a replaced code file as one sentence across both columns.
 * Every thumbnail's alt text names the field (its publish-form label) and the side (before/after).
 */
function SubmissionChanges({ changes, t }: { changes: FieldChange[]; t: PublishT }) {
  return (
    <div className="audit-section">
      <h4>{t('audit.changes')}</h4>
      {changes.length === 0 ? (
        <p className="state-hint">{t('audit.noChanges')}</p>
      ) : (
        <div className="table-scroll">
          <Table
            caption={t('audit.changes')}
            columns={[{ label: t('audit.field') }, { label: t('audit.before') }, { label: t('audit.after') }]}
          >
            {changes.map((c) => (
              <tr key={c.field} data-field={c.field} data-kind={c.kind}>
                <th scope="row">
                  <code>{c.field}</code>
                </th>
                {c.kind === 'file' ? (
                  <td colSpan={2}>{c.before ? t('audit.codeReplaced') : t('audit.codeAdded')}</td>
                ) : (
                  <>
                    <td className="change-value">
                      <ChangeValue change={c} side="before" t={t} />
                    </td>
                    <td className="change-value">
                      <ChangeValue change={c} side="after" t={t} />
                    </td>
                  </>
                )}
              </tr>
            ))}
          </Table>
        </div>
      )}
    </div>
  );
}

/** One side of a change (see {@link SubmissionChanges}). */
function ChangeValue({ change, side, t }: { change: FieldChange; side: 'before' | 'after'; t: PublishT }) {
  const value = side === 'before' ? change.before : change.after;
  if (change.kind === 'text') return <>{value ?? t('audit.empty_value')}</>;
  const label = {
    field: t(MEDIA_LABELS[change.field] ?? 'audit.field'),
    side: t(side === 'before' ? 'audit.sideBefore' : 'audit.sideAfter'),
  };
  const empty = <>{t('audit.empty_value')}</>;
  if (change.kind === 'images') {
    const urls = (side === 'before' ? change.before_list : change.after_list) ?? value?.split('\n') ?? [];
    if (urls.length === 0) return empty;
    return (
      <ul className="audit-media change-gallery">
        {urls.map((src, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gallery may hold one image twice; it never reorders
          <li key={`${i}:${src}`}>
            <img
              src={src}
              alt={t('audit.galleryLabel', { ...label, n: i + 1, total: urls.length })}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
    );
  }
  if (change.kind === 'image') {
    if (!value) return empty;
    return (
      <span className="audit-media">
        <img src={value} alt={t('audit.mediaLabel', label)} loading="lazy" />
      </span>
    );
  }
  if (change.kind === 'video') {
    if (!value) return empty;
    return (
      <span className="audit-media">
        {/* biome-ignore lint/a11y/useMediaCaption: a plugin's demo video has no caption track */}
        <video src={value} controls preload="none" aria-label={t('audit.mediaLabel', label)} />
      </span>
    );
  }
  return <>{value ?? t('audit.empty_value')}</>;
}

/**
 * A submission in the detail's shape, for {@link ListingPreview}: the listing as the square will
 * show it once approved. What only a live plugin has is empty: counts, platforms (read from the code
 * at approval), history versions, the catalogue's source. A tag is named by its
 * code (the square names a known one in the current language, as here).
 */
function listingOf(s: Submission): PluginDetail {
  return {
    plugin_key: s.plugin_key,
    name: s.name,
    intro: s.intro,
    icon: s.icon,
    tags: s.tags.map((code, i) => ({ id: i + 1, code, name: code })),
    developer: s.developer,
    platforms: [],
    current_version: s.version,
    download_count: 0,
    view_count: 0,
    praise_count: 0,
    rating_count: 0,
    rating_average: null,
    create_time: s.create_time,
    update_time: null,
    publisher_handle: null,
    publisher_verified: false,
    description: s.description,
    video: s.video,
    images: s.images,
    cover: { center: s.cover_center, panel: s.cover_panel, reuse_center_cover: s.reuse_center_cover },
    code_file: null,
    contact: s.contact,
    version_content: s.version_content,
    copyright_holder: { type: s.copyright_type, name: s.copyright_name },
    technical_support_link: s.technical_support_link,
    homepage: s.homepage,
    license: s.license,
    repository: s.repository,
    unlisted: false,
    deprecation: null,
    source: null,
    review_status: s.review_status,
    is_default_install: s.is_default_install,
    is_praise: false,
    is_installed: false,
    is_owner: false,
    versions: [],
  };
}

/**
 * The listing as the square will show it, in a disclosure ("Preview of the listing", a native
 * `<details>`: Enter or Space on its summary opens and closes it), open at first for a new plugin
 * (there is nothing live to compare it with): the detail dialog's own parts (`DetailPreview`: head,
 * intro, tags, Markdown description sanitised as on the square, gallery, video, version content,
 * version, copyright holder, technical support link), then the covers and the contact.
 */
function ListingPreview({ s, t }: { s: Submission; t: PublishT }) {
  const plugin = useMemo(() => listingOf(s), [s]);
  const none = t('audit.empty_value');
  const cover = (src: string | null, field: string): ReactNode =>
    src ? (
      <span className="audit-media">
        <img src={src} alt={t(field)} loading="lazy" />
      </span>
    ) : (
      none
    );
  return (
    <details className="audit-preview" open={s.live_version === null}>
      <summary>{t('audit.preview')}</summary>
      <p className="state-hint">{t('audit.previewHint')}</p>
      <DetailPreview plugin={plugin} headingLevel={5}>
        <section className="detail-section">
          <DetailHeading>{t('audit.previewMore')}</DetailHeading>
          <FactList
            facts={[
              [t('form.contact'), s.contact ? <Linkified key="c" text={s.contact} /> : none],
              [t('form.coverCenter'), cover(s.cover_center, 'form.coverCenter')],
              [
                t('form.coverPanel'),
                s.reuse_center_cover ? t('audit.panelReusesCenter') : cover(s.cover_panel, 'form.coverPanel'),
              ],
            ]}
          />
        </section>
      </DetailPreview>
    </details>
  );
}
