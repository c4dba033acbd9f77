import { ReviewStatus } from '@plugin-center/contract';
import { useSession } from '@plugin-center/react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { usePublishTexts } from '../../i18n/publish/texts';
import { Button, buttonClass } from '../../ui/Button';
import { Check } from '../../ui/Field';
import { ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { NotFoundPage } from '../NotFoundPage';
import { SignedInRoute } from '../SignedInRoute';
import {
  DescriptionField,
  FileField,
  ImagesField,
  PlatformsField,
  TagsField,
  TextAreaField,
  TextField,
} from './PublishFields';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { type UploadOptions, type UploadOutcome, uploadForm } from '../../upload';
import { usePublishForm } from './usePublishForm';
import { IMAGE_TYPES, VIDEO_TYPES } from './validation';

/**
 * `/publish-plugin/:type` (SPEC §2 publish/edit form): `new` publishes a plugin, `edit`
 * (with `?plugin_key=`) submits a new version of one of the user's plugins. For any signed-in user:
 * a visitor is sent to sign in (back here afterwards); administrators also get the admin-only
 * fields. Any other `:type`, or `edit` without a key, is the not-found page. Shows {@link PublishForm}.
 */
export function PublishPage() {
  const { type } = useParams();
  const [params] = useSearchParams();
  const { t } = usePublishTexts();
  const session = useSession();
  const pluginKey = params.get('plugin_key') ?? '';
  useDocumentTitle(type === 'edit' ? t('form.titleEdit') : t('form.titleNew'));
  if ((type !== 'new' && type !== 'edit') || (type === 'edit' && !pluginKey)) return <NotFoundPage />;
  return (
    <SignedInRoute loading={t('form.loading')} signingIn={t('form.signingIn')}>
      <PublishForm
        key={pluginKey}
        pluginKey={type === 'edit' ? pluginKey : undefined}
        isAdmin={session.isAdmin}
      />
    </SignedInRoute>
  );
}

/** Props of {@link PublishForm}. */
export interface PublishFormProps {
  /** Edit this plugin (prefilled from the user's submissions); absent: publish a new one. */
  pluginKey?: string;
  /** Show the admin-only fields `developer` and `is_default_install`. */
  isAdmin: boolean;
  /** Sends the form (default {@link uploadForm}: XHR with progress; tests pass a fake). */
  send?: (options: UploadOptions) => Promise<UploadOutcome>;
}

/**
 * The publish / edit form (SPEC §3 fields, §5 validation): its state, checks and submission are
 * {@link usePublishForm}, its fields the components of `PublishFields.tsx`. Edit prefills the
 * plugin's submission and, when it was not approved, says so once with the reviewer's reason; empty file inputs keep the previous files (the current images are shown).
 * Every field's message shows beside it; while sending, a progress bar and a Cancel button; a
 * failure not tied to a field shows beside the Submit button.
 */
export function PublishForm({ pluginKey, isAdmin, send = uploadForm }: PublishFormProps) {
  const form = usePublishForm({ pluginKey, isAdmin, send });
  const { t, editing, current, values, uploading, percent } = form;

  if (form.loadState === 'loading') return <LoadingState label={t('form.loading')} />;
  if (form.loadState === 'error') return <ErrorState message={t('form.loadError')} onRetry={form.retry} />;
  if (form.loadState === 'missing') {
    return (
      <section className="publish">
        <p className="state-title">{t('form.notFound')}</p>
        <Link to="/my-plugins" className={buttonClass()}>
          {t('mine.title')}
        </Link>
      </section>
    );
  }

  const imageAccept = IMAGE_TYPES.join(',');
  const check = (name: 'reuse_center_cover' | 'is_default_install', label: string) => (
    <Check
      name={name}
      checked={values[name]}
      onChange={(e) => form.set(name, e.target.checked)}
      disabled={uploading}
    >
      {label}
    </Check>
  );

  return (
    <section className="publish">
      <header className="publish-head">
        <h1>{editing ? t('form.titleEdit') : t('form.titleNew')}</h1>
        <p className="state-hint">{t('form.intro')}</p>
        {editing && current?.review_status === ReviewStatus.UNAPPROVED && current.reject_reason && (
          <p className="submission-reason" data-testid="reject-reason">
            {t('listing.rejected', { reason: current.reject_reason })}
          </p>
        )}
      </header>
      <form
        ref={form.formRef}
        className="publish-form"
        onSubmit={(e) => void form.submit(e)}
        noValidate
        aria-busy={uploading}
      >
        <fieldset>
          <legend>{t('form.sectionBasics')}</legend>
          <TextField form={form} name="name" label={t('form.name')} required />
          <TextField
            form={form}
            name="intro"
            label={t('form.introField')}
            required
            hint={t('form.introHint')}
          />
          <DescriptionField form={form} rows={10} hint={t('form.descriptionHint')} />
          <TagsField form={form} />
          <TextField form={form} name="contact" label={t('form.contact')} />
        </fieldset>

        <fieldset>
          <legend>{t('form.sectionMedia')}</legend>
          <FileField
            form={form}
            name="icon"
            label={t('form.icon')}
            hint={t('form.iconHint')}
            accept={imageAccept}
            currentUrl={current?.icon}
          />
          <FileField
            form={form}
            name="cover_center"
            label={t('form.coverCenter')}
            hint={t('form.coverHint')}
            accept={imageAccept}
            currentUrl={current?.cover_center}
          />
          {check('reuse_center_cover', t('form.reuseCenterCover'))}
          {!values.reuse_center_cover && (
            <FileField
              form={form}
              name="cover_panel"
              label={t('form.coverPanel')}
              hint={t('form.coverHint')}
              accept={imageAccept}
              currentUrl={current?.cover_panel}
            />
          )}
          <FileField
            form={form}
            name="video"
            label={t('form.video')}
            hint={t('form.videoHint')}
            accept={VIDEO_TYPES.join(',')}
            currentUrl={current?.video}
          />
          <ImagesField form={form} />
        </fieldset>

        <fieldset>
          <legend>{t('form.sectionCode')}</legend>
          <FileField
            form={form}
            name="code_file"
            label={t('form.codeFile')}
            hint={t('form.codeHint')}
            accept=".json,application/json"
            currentUrl={null}
          />
          <PlatformsField form={form} />
          <TextField
            form={form}
            name="version"
            label={t('form.version')}
            required
            hint={t('form.versionHint')}
          />
          <TextAreaField form={form} name="version_content" label={t('form.versionContent')} rows={4} />
          <fieldset className="publish-radios">
            <legend>{t('form.copyright')}</legend>
            {(['author', 'custom'] as const).map((kind) => (
              <Check
                key={kind}
                type="radio"
                name="copyright_type"
                value={kind}
                checked={values.copyright_type === kind}
                onChange={() => form.set('copyright_type', kind)}
                disabled={uploading}
              >
                {kind === 'author' ? t('form.copyrightAuthor') : t('form.copyrightCustom')}
              </Check>
            ))}
          </fieldset>
          {values.copyright_type === 'custom' && (
            <TextField form={form} name="copyright_name" label={t('form.copyrightName')} required />
          )}
          <TextField form={form} name="technical_support_link" label={t('form.support')} type="url" />
          <TextField form={form} name="homepage" label={t('form.homepage')} type="url" />
          <TextField form={form} name="repository" label={t('form.repository')} type="url" />
          <TextField form={form} name="license" label={t('form.license')} hint={t('form.licenseHint')} />
        </fieldset>

        {isAdmin && (
          <fieldset>
            <legend>{t('form.sectionAdmin')}</legend>
            <TextField form={form} name="developer" label={t('form.developer')} />
            {check('is_default_install', t('form.defaultInstall'))}
          </fieldset>
        )}

        <div className="publish-actions">
          {form.formError && (
            <p className="field-error" role="alert" data-testid="form-error">
              {form.formError}
            </p>
          )}
          {uploading && (
            <div className="publish-progress">
              <progress max={100} value={percent} aria-label={t('form.progress')} />
              <span role="status">{t('form.uploading', { percent })}</span>
            </div>
          )}
          <div className="publish-buttons">
            {uploading ? (
              // Keyed apart from the submit button: reusing one <button> element would turn it into
              // type=submit while the Cancel click is still being dispatched, and its default action
              // would send the form again (a cancelled upload re-submitted).
              <Button key="cancel" onClick={form.cancelUpload}>
                {t('form.cancel')}
              </Button>
            ) : (
              <Button key="submit" type="submit" variant="primary">
                {editing ? t('form.submitEdit') : t('form.submit')}
              </Button>
            )}
          </div>
        </div>
      </form>
    </section>
  );
}
