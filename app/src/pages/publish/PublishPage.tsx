import { PUBLISH_LIMITS, type Submission } from '@plugin-center/contract';
import { useApiClient, useSession } from '@plugin-center/react';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { notify } from '../../toast/toastStore';
import { ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { NotFoundPage } from '../NotFoundPage';
import { FilePreview } from './FilePreview';
import { findAnySubmission, findUserSubmission } from './findUserSubmission';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { usePublishTexts } from '../../i18n/publish/texts';
import {
  buildPublishForm,
  EMPTY_VALUES,
  NO_FILES,
  type PublishFieldName,
  type PublishFiles,
  type PublishValues,
  valuesFromSubmission,
} from './publishForm';
import { type UploadOptions, type UploadOutcome, uploadForm } from './upload';
import {
  checkCodeFile,
  checkImageFile,
  checkShape,
  checkText,
  checkUrl,
  checkVersion,
  checkVideoFile,
  type FieldError,
  IMAGE_TYPES,
  mediaRefusal,
  VIDEO_TYPES,
} from './validation';

const L = PUBLISH_LIMITS;

/** Field errors shown beside the fields; `text` is a server message shown as is. */
type Errors = Partial<Record<PublishFieldName, FieldError & { text?: string }>>;

/**
 * `/publish-plugin/:type` (issue 12, SPEC §2 publish/edit form): `new` publishes a plugin, `edit`
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
  const { status, signIn, signedIn } = session;
  useEffect(() => {
    if (status === 'signed-out') void signIn().catch(() => {});
  }, [status, signIn]);
  if ((type !== 'new' && type !== 'edit') || (type === 'edit' && !pluginKey)) return <NotFoundPage />;
  if (!signedIn) {
    return <LoadingState label={status === 'signed-out' ? t('form.signingIn') : t('form.loading')} />;
  }
  return (
    <PublishForm
      key={pluginKey}
      pluginKey={type === 'edit' ? pluginKey : undefined}
      isAdmin={session.isAdmin}
    />
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
 * The publish / edit form (SPEC §3 fields, §5 validation). Edit loads the submission with
 * `pluginKey` from `plugin.userPlugins()` (an administrator's edit of someone else's plugin: from the
 * audit list) and prefills it; empty file inputs keep the previous files
 * (the current images are shown). Checks every field before sending and shows the message beside
 * it; sends multipart (see `buildPublishForm`) with a progress bar and a Cancel button; a server
 * error naming a `field` is shown at that field, any other beside the Submit button. On success: a
 * toast and `/my-plugins`.
 */
export function PublishForm({ pluginKey, isAdmin, send = uploadForm }: PublishFormProps) {
  const { t } = usePublishTexts();
  const api = useApiClient();
  const navigate = useNavigate();
  const editing = pluginKey !== undefined;
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'missing' | 'error'>(
    editing ? 'loading' : 'ready',
  );
  const [attempt, setAttempt] = useState(0);
  const [current, setCurrent] = useState<Submission | null>(null);
  const [values, setValues] = useState<PublishValues>(EMPTY_VALUES);
  const [files, setFiles] = useState<PublishFiles>(NO_FILES);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [tagDraft, setTagDraft] = useState('');
  const id = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is Retry: load again
  useEffect(() => {
    if (!editing) return;
    const controller = new AbortController();
    setLoadState('loading');
    findUserSubmission(api, pluginKey, controller.signal)
      .then((mine) => mine ?? (isAdmin ? findAnySubmission(api, pluginKey, controller.signal) : null))
      .then(
        (found) => {
          if (controller.signal.aborted) return;
          if (!found) {
            setLoadState('missing');
            return;
          }
          setCurrent(found);
          setValues(valuesFromSubmission(found));
          setLoadState('ready');
        },
        () => {
          if (!controller.signal.aborted) setLoadState('error');
        },
      );
    return () => controller.abort();
  }, [api, editing, pluginKey, isAdmin, attempt]);

  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false; // (again, after StrictMode's trial unmount)
    return () => {
      unmounted.current = true;
      abortRef.current?.abort();
    };
  }, []);

  if (loadState === 'loading') return <LoadingState label={t('form.loading')} />;
  if (loadState === 'error') {
    return <ErrorState message={t('form.loadError')} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  if (loadState === 'missing') {
    return (
      <section className="publish">
        <p className="state-title">{t('form.notFound')}</p>
        <Link to="/my-plugins" className="button">
          {t('mine.title')}
        </Link>
      </section>
    );
  }

  const message = (e: (FieldError & { text?: string }) | undefined) =>
    e ? (e.text ?? t(e.key, e.values)) : undefined;
  const setError = (field: PublishFieldName, e: (FieldError & { text?: string }) | null) =>
    setErrors((prev) => {
      const next = { ...prev };
      if (e) next[field] = e;
      else delete next[field];
      return next;
    });
  const set = <K extends keyof PublishValues>(field: K, value: PublishValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));

  const existingImages = current?.images.length ?? 0;
  const mediaCount = (vals: PublishFiles) =>
    (vals.images.length > 0 ? vals.images.length : existingImages) + (vals.video || current?.video ? 1 : 0);

  /** The synchronous checks of the texts (SPEC §5): required, over the limit, URL, semver. */
  const textErrors = (v: PublishValues): Errors => {
    const out: Errors = {};
    const add = (f: PublishFieldName, e: FieldError | null) => {
      if (e) out[f] = e;
    };
    add('name', checkText(v.name, L.NAME, true));
    add('intro', checkText(v.intro, L.INTRO, true));
    add('description', checkText(v.description, L.DESCRIPTION, true));
    add('contact', checkText(v.contact, L.CONTACT));
    add('version', checkVersion(v.version));
    add('version_content', checkText(v.version_content, L.VERSION_CONTENT, true));
    if (v.copyright_type === 'custom') add('copyright_name', checkText(v.copyright_name, L.NAME, true));
    add('technical_support_link', checkUrl(v.technical_support_link));
    if (isAdmin) add('developer', checkText(v.developer, L.NAME));
    if (v.tags.length > L.TAGS) add('tags', { key: 'error.tooManyTags', values: { max: L.TAGS } });
    return out;
  };

  const blurCheck = (field: PublishFieldName) => () => setError(field, textErrors(values)[field] ?? null);

  /** Checks a chosen file (format, size, shape, JSON) and keeps it, or clears it and shows why. */
  const chooseFile =
    (field: 'icon' | 'cover_center' | 'cover_panel' | 'video' | 'code_file') =>
    async (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const file = input.files?.[0] ?? null;
      if (!file) {
        setFiles((f) => ({ ...f, [field]: null }));
        setError(field, null);
        return;
      }
      let error: FieldError | null = null;
      if (field === 'icon') {
        error = checkImageFile(file, L.ICON_BYTES) ?? (await checkShape(file, 'square'));
      } else if (field === 'cover_center' || field === 'cover_panel') {
        error = checkImageFile(file, L.COVER_BYTES) ?? (await checkShape(file, '16:9'));
      } else if (field === 'video') {
        error = checkVideoFile(file);
        if (!error && mediaCount({ ...files, video: file }) > L.MEDIA) {
          error = { key: 'error.tooManyMedia', values: { max: L.MEDIA } };
        }
      } else {
        error = await checkCodeFile(file);
      }
      setError(field, error);
      setFiles((f) => ({ ...f, [field]: error ? null : file }));
      if (error) input.value = '';
    };

  const chooseImages = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = [...(input.files ?? [])];
    let error: FieldError | null = null;
    for (const file of chosen) {
      error = checkImageFile(file, L.IMAGE_BYTES);
      if (error) break;
    }
    if (!error && mediaCount({ ...files, images: chosen }) > L.MEDIA) {
      error = { key: 'error.tooManyMedia', values: { max: L.MEDIA } };
    }
    setError('images', error);
    setFiles((f) => ({ ...f, images: error ? [] : chosen }));
    if (error) input.value = '';
  };

  const addTag = () => {
    const tag = tagDraft.trim().replace(/,+$/, '').trim();
    if (!tag) return;
    if (tag.length > L.TAG) {
      setError('tags', { key: 'error.overLimit' });
      return;
    }
    if (values.tags.length >= L.TAGS) {
      setError('tags', { key: 'error.tooManyTags', values: { max: L.TAGS } });
      return;
    }
    if (!values.tags.includes(tag)) set('tags', [...values.tags, tag]);
    setTagDraft('');
    setError('tags', null);
  };
  const tagKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      addTag();
    } else if (e.key === 'Backspace' && tagDraft === '' && values.tags.length > 0) {
      set('tags', values.tags.slice(0, -1));
    }
  };

  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    setFormError(null);
    const fileErrors = Object.fromEntries(
      (['icon', 'cover_center', 'cover_panel', 'video', 'images', 'code_file'] as const)
        .filter((f) => errors[f] && errors[f].text === undefined) // the server's own are sent again
        .map((f) => [f, errors[f]]),
    ) as Errors;
    const all = { ...textErrors(values), ...fileErrors };
    if (mediaCount(files) > L.MEDIA) all.images = { key: 'error.tooManyMedia', values: { max: L.MEDIA } };
    setErrors(all);
    if (Object.keys(all).length > 0) {
      setFormError(t('form.fixErrors'));
      focusFirstInvalid();
      return;
    }
    const form = buildPublishForm(values, files, { isAdmin, pluginKey });
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    const outcome = await send({
      method: editing ? 'PUT' : 'POST',
      form,
      signal: controller.signal,
      onProgress: (fraction) => setProgress(fraction),
    });
    abortRef.current = null;
    if (unmounted.current) return;
    setProgress(null);
    if (outcome.ok) {
      notify(t('form.published'), 'success');
      navigate('/my-plugins');
      return;
    }
    if (outcome.cancelled) {
      notify(t('form.cancelled'), 'info');
      return;
    }
    const { envelope } = outcome;
    const text =
      envelope.error === 'VERSION_NOT_INCREASED'
        ? t('form.versionNotIncreased')
        : envelope.message || t('form.failed');
    const field = (envelope.field ?? (envelope.error === 'VERSION_NOT_INCREASED' ? 'version' : undefined)) as
      | PublishFieldName
      | undefined;
    if (field && field in { ...EMPTY_VALUES, ...NO_FILES }) {
      const refusal =
        envelope.error === 'UPLOAD_REJECTED' || outcome.status === 413 ? mediaRefusal(field, text) : null;
      // A server error keeps its `text` (resolved now): a file error with text does not block sending again.
      setError(field, refusal ? { ...refusal, text: t(refusal.key, refusal.values) } : { key: '', text });
      setFormError(t('form.fixErrors'));
      focusFirstInvalid();
    } else {
      setFormError(text);
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  const cancelUpload = (event: MouseEvent) => {
    event.preventDefault();
    abortRef.current?.abort();
  };

  /** Wires a field's label, hint and error (`aria-describedby`, `aria-invalid`). */
  const field = (name: PublishFieldName) => {
    const error = message(errors[name]);
    return {
      id: `${id}-${name}`,
      error,
      describedBy: [`${id}-${name}-hint`, error ? `${id}-${name}-error` : ''].filter(Boolean).join(' '),
      invalid: error ? true : undefined,
    };
  };

  const textInput = (
    name:
      | 'name'
      | 'intro'
      | 'contact'
      | 'version'
      | 'copyright_name'
      | 'technical_support_link'
      | 'developer',
    label: string,
    opts: { required?: boolean; hint?: string; type?: string; max?: number } = {},
  ) => {
    const f = field(name);
    return (
      <Field label={label} f={f} required={opts.required} hint={opts.hint} requiredText={t('form.required')}>
        <input
          id={f.id}
          type={opts.type ?? 'text'}
          name={name}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
          onBlur={blurCheck(name)}
          aria-invalid={f.invalid}
          aria-describedby={f.describedBy}
          aria-required={opts.required || undefined}
          disabled={uploading}
        />
      </Field>
    );
  };

  /** A required multi-line text (description, version description) wired like {@link textInput}. */
  const textArea = (name: 'description' | 'version_content', label: string, rows: number, hint?: string) => {
    const f = field(name);
    return (
      <Field label={label} f={f} required hint={hint} requiredText={t('form.required')}>
        <textarea
          id={f.id}
          name={name}
          rows={rows}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
          onBlur={blurCheck(name)}
          aria-invalid={f.invalid}
          aria-describedby={f.describedBy}
          aria-required
          disabled={uploading}
        />
      </Field>
    );
  };

  const fileInput = (
    name: 'icon' | 'cover_center' | 'cover_panel' | 'video' | 'code_file',
    label: string,
    hint: string,
    accept: string,
    currentUrl: string | null | undefined,
    disabled = false,
  ) => {
    const f = field(name);
    const keep = editing && (name === 'code_file' ? current?.has_code_file : currentUrl);
    const chosen = files[name];
    return (
      <Field
        label={label}
        f={f}
        hint={keep ? `${hint} ${name === 'code_file' ? t('form.codeKept') : t('form.currentKept')}` : hint}
      >
        {chosen && name !== 'code_file' && (
          <FilePreview file={chosen} alt={`${t('form.chosen')}: ${label}`} />
        )}
        {!chosen && currentUrl && name !== 'video' && (
          <img className="publish-current" src={currentUrl} alt={`${t('form.current')}: ${label}`} />
        )}
        {!chosen && currentUrl && name === 'video' && (
          // biome-ignore lint/a11y/useMediaCaption: a plugin's demo video has no caption track
          <video className="publish-current" src={currentUrl} controls preload="none" />
        )}
        <input
          id={f.id}
          type="file"
          name={name}
          accept={accept}
          onChange={(e) => void chooseFile(name)(e)}
          aria-invalid={f.invalid}
          aria-describedby={f.describedBy}
          disabled={uploading || disabled}
        />
      </Field>
    );
  };

  const tags = field('tags');
  const images = field('images');
  const imageAccept = IMAGE_TYPES.join(',');

  return (
    <section className="publish">
      <header className="publish-head">
        <h1>{editing ? t('form.titleEdit') : t('form.titleNew')}</h1>
        <p className="state-hint">{t('form.intro')}</p>
      </header>
      <form
        ref={formRef}
        className="publish-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-busy={uploading}
      >
        <fieldset>
          <legend>{t('form.sectionBasics')}</legend>
          {textInput('name', t('form.name'), { required: true })}
          {textInput('intro', t('form.introField'), { required: true, hint: t('form.introHint') })}
          {textArea('description', t('form.description'), 10, t('form.descriptionHint'))}
          <Field label={t('form.tags')} f={tags} hint={t('form.tagsHint', { max: L.TAGS })}>
            {values.tags.length > 0 && (
              <ul className="publish-tags" aria-label={t('form.tags')}>
                {values.tags.map((tag) => (
                  <li key={tag} className="chip">
                    {tag}
                    <button
                      type="button"
                      className="chip-remove"
                      aria-label={t('form.removeTag', { tag })}
                      onClick={() =>
                        set(
                          'tags',
                          values.tags.filter((x) => x !== tag),
                        )
                      }
                      disabled={uploading}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="publish-inline">
              <input
                id={tags.id}
                type="text"
                value={tagDraft}
                maxLength={L.TAG + 1}
                onChange={(e) => setTagDraft(e.target.value)}
                onKeyDown={tagKey}
                aria-invalid={tags.invalid}
                aria-describedby={tags.describedBy}
                disabled={uploading || values.tags.length >= L.TAGS}
              />
              <button
                type="button"
                className="button"
                onClick={addTag}
                disabled={uploading || values.tags.length >= L.TAGS}
              >
                {t('form.addTag')}
              </button>
            </div>
          </Field>
          {textInput('contact', t('form.contact'))}
        </fieldset>

        <fieldset>
          <legend>{t('form.sectionMedia')}</legend>
          {fileInput('icon', t('form.icon'), t('form.iconHint'), imageAccept, current?.icon)}
          {fileInput(
            'cover_center',
            t('form.coverCenter'),
            t('form.coverHint'),
            imageAccept,
            current?.cover_center,
          )}
          <label className="publish-check">
            <input
              type="checkbox"
              name="reuse_center_cover"
              checked={values.reuse_center_cover}
              onChange={(e) => set('reuse_center_cover', e.target.checked)}
              disabled={uploading}
            />
            {t('form.reuseCenterCover')}
          </label>
          {!values.reuse_center_cover &&
            fileInput(
              'cover_panel',
              t('form.coverPanel'),
              t('form.coverHint'),
              imageAccept,
              current?.cover_panel,
            )}
          {fileInput('video', t('form.video'), t('form.videoHint'), VIDEO_TYPES.join(','), current?.video)}
          <Field
            label={t('form.images')}
            f={images}
            hint={`${t('form.imagesHint', { max: L.MEDIA })}${editing && existingImages ? ` ${t('form.currentKept')}` : ''}`}
          >
            {files.images.length > 0 && (
              <div className="publish-thumbs">
                {files.images.map((file, i) => (
                  <FilePreview
                    // biome-ignore lint/suspicious/noArrayIndexKey: one choice of files, replaced whole, never reordered
                    key={`${file.name}-${i}`}
                    file={file}
                    alt={`${t('form.chosen')}: ${t('form.images')} ${i + 1}`}
                  />
                ))}
              </div>
            )}
            {files.images.length === 0 && current && current.images.length > 0 && (
              <div className="publish-thumbs">
                {current.images.map((src, i) => (
                  <img
                    key={src}
                    className="publish-current"
                    src={src}
                    alt={`${t('form.current')}: ${t('form.images')} ${i + 1}`}
                  />
                ))}
              </div>
            )}
            <input
              id={images.id}
              type="file"
              name="images"
              accept={imageAccept}
              multiple
              onChange={chooseImages}
              aria-invalid={images.invalid}
              aria-describedby={images.describedBy}
              disabled={uploading}
            />
          </Field>
        </fieldset>

        <fieldset>
          <legend>{t('form.sectionCode')}</legend>
          {fileInput('code_file', t('form.codeFile'), t('form.codeHint'), '.json,application/json', null)}
          {textInput('version', t('form.version'), { required: true, hint: t('form.versionHint') })}
          {textArea('version_content', t('form.versionContent'), 4)}
          <fieldset className="publish-radios">
            <legend>{t('form.copyright')}</legend>
            {(['author', 'custom'] as const).map((kind) => (
              <label key={kind} className="publish-check">
                <input
                  type="radio"
                  name="copyright_type"
                  value={kind}
                  checked={values.copyright_type === kind}
                  onChange={() => set('copyright_type', kind)}
                  disabled={uploading}
                />
                {kind === 'author' ? t('form.copyrightAuthor') : t('form.copyrightCustom')}
              </label>
            ))}
          </fieldset>
          {values.copyright_type === 'custom' &&
            textInput('copyright_name', t('form.copyrightName'), { required: true })}
          {textInput('technical_support_link', t('form.support'), { type: 'url' })}
        </fieldset>

        {isAdmin && (
          <fieldset>
            <legend>{t('form.sectionAdmin')}</legend>
            {textInput('developer', t('form.developer'))}
            <label className="publish-check">
              <input
                type="checkbox"
                name="is_default_install"
                checked={values.is_default_install}
                onChange={(e) => set('is_default_install', e.target.checked)}
                disabled={uploading}
              />
              {t('form.defaultInstall')}
            </label>
          </fieldset>
        )}

        <div className="publish-actions">
          {formError && (
            <p className="field-error" role="alert" data-testid="form-error">
              {formError}
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
              <button key="cancel" type="button" className="button" onClick={cancelUpload}>
                {t('form.cancel')}
              </button>
            ) : (
              <button key="submit" type="submit" className="button button-primary">
                {editing ? t('form.submitEdit') : t('form.submit')}
              </button>
            )}
          </div>
        </div>
      </form>
    </section>
  );
}

/** One labelled field: label (with the required mark), the control, its hint and its error text. */
function Field(props: {
  label: string;
  f: { id: string; error?: string };
  required?: boolean;
  requiredText?: string;
  hint?: string;
  children: ReactNode;
}) {
  const { f } = props;
  return (
    <div className="publish-field" data-invalid={f.error ? '' : undefined}>
      <label htmlFor={f.id}>
        {props.label}
        {props.required && (
          <span className="publish-required" title={props.requiredText}>
            {' *'}
          </span>
        )}
      </label>
      {props.children}
      {props.hint && (
        <p id={`${f.id}-hint`} className="state-hint publish-hint">
          {props.hint}
        </p>
      )}
      {f.error && (
        <p id={`${f.id}-error`} className="field-error">
          {f.error}
        </p>
      )}
    </div>
  );
}
