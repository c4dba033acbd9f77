import { PUBLISH_LIMITS, type Submission } from '@plugin-center/contract';
import { useApiClient } from '@plugin-center/react';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { usePublishTexts } from '../../i18n/publish/texts';
import { notify } from '../../toast/toastStore';
import type { UploadOptions, UploadOutcome } from '../../upload';
import { findAnySubmission, findUserSubmission } from './findUserSubmission';
import {
  buildPublishForm,
  EMPTY_VALUES,
  NO_FILES,
  type PublishFieldName,
  type PublishFiles,
  type PublishValues,
  valuesFromSubmission,
} from './publishForm';
import {
  checkCodeFile,
  checkContact,
  checkImageFile,
  checkShape,
  checkText,
  checkUrl,
  checkVersion,
  checkVideoFile,
  type FieldError,
  mediaRefusal,
} from './validation';

const L = PUBLISH_LIMITS;

/** The texts of the server's per-account publishing limits, by error code (`{{detail}}`: its message). */
const LIMIT_TEXTS = {
  RATE_LIMITED: 'form.rateLimited',
  PENDING_LIMIT_REACHED: 'form.pendingLimit',
  STORAGE_QUOTA_EXCEEDED: 'form.storageQuota',
} as const;

/**
 * A field's error: a text key of the form's own checks, or `text`, a server message resolved when
 * it came; `forValue` is the field's value the server judged (its verdict goes once the value changes).
 */
type FieldMark = FieldError & { text?: string; forValue?: string };
/** The marked fields. */
type Errors = Partial<Record<PublishFieldName, FieldMark>>;

/** Text fields whose own check runs again on every change once they are marked. */
const LIVE_FIELDS: ReadonlySet<PublishFieldName> = new Set<PublishFieldName>([
  'name',
  'intro',
  'description',
  'contact',
  'version',
  'version_content',
  'copyright_name',
  'technical_support_link',
  'license',
  'homepage',
  'repository',
  'developer',
]);

/** Options of {@link usePublishForm}. */
export interface PublishFormOptions {
  /** Edit this plugin (prefilled from the user's submissions); absent: publish a new one. */
  pluginKey?: string;
  /** Check and send the admin-only fields `developer` and `is_default_install`. */
  isAdmin: boolean;
  /** Sends the form (XHR with progress in the app; tests pass a fake). */
  send: (options: UploadOptions) => Promise<UploadOutcome>;
}

/**
 * The state, checks and submission of the publish / edit form (SPEC §3 fields, §5 validation), for
 * `PublishForm` and its field components. Edit loads the submission with `pluginKey` from
 * `plugin.userPlugins()` (an administrator's edit of someone else's plugin: from the audit list) and
 * prefills it (`loadState`, `retry`). Texts are checked on blur and on submit, files when chosen
 * (format, size, shape, JSON, the media count); `submit` checks every field, focuses the first
 * invalid one or sends multipart (see `buildPublishForm`) with `progress` and `cancelUpload`; a
 * server error naming a `field` is set on that field, any other is `formError`. A marked text field
 * is checked again on every change, so it is un-marked as soon as it is right (not on leaving it:
 * leaving it by pressing Submit would move the button away from under the pointer before the click
 * lands), and a server verdict on a field goes once its value changes; "Please correct the marked
 * fields" shows only while a field is marked. On success: a toast and `/my-plugins`.
 */
export function usePublishForm({ pluginKey, isAdmin, send }: PublishFormOptions) {
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
  /** A failure not tied to a field (shown beside the button). */
  const [formMessage, setFormMessage] = useState<string | null>(null);
  /** Whether the last submit found marked fields ("Please correct the marked fields"). */
  const [fixPrompt, setFixPrompt] = useState(false);
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

  const retry = () => setAttempt((n) => n + 1);

  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false; // (again, after StrictMode's trial unmount)
    return () => {
      unmounted.current = true;
      abortRef.current?.abort();
    };
  }, []);

  const message = (e: FieldMark | undefined) => (e ? (e.text ?? t(e.key, e.values)) : undefined);
  const setError = (field: PublishFieldName, e: FieldMark | null) =>
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
    add('contact', checkContact(v.contact));
    add('version', checkVersion(v.version));
    add('version_content', checkText(v.version_content, L.VERSION_CONTENT, true));
    if (v.copyright_type === 'custom') add('copyright_name', checkText(v.copyright_name, L.NAME, true));
    add('technical_support_link', checkUrl(v.technical_support_link));
    add('license', checkText(v.license, L.NAME));
    add('homepage', checkUrl(v.homepage));
    add('repository', checkUrl(v.repository));
    if (isAdmin) add('developer', checkText(v.developer, L.NAME));
    if (v.tags.length > L.TAGS) add('tags', { key: 'error.tooManyTags', values: { max: L.TAGS } });
    return out;
  };

  const blurCheck = (field: PublishFieldName) => () => setError(field, textErrors(values)[field] ?? null);

  /** The value a server verdict is compared with (tags as one string). */
  const fieldValue = (field: PublishFieldName) => {
    const v = (values as unknown as Record<string, unknown>)[field];
    return Array.isArray(v) ? v.join('\n') : typeof v === 'string' ? v : undefined;
  };
  const liveErrors = textErrors(values);
  /** The error shown on a field now: a marked text field's check on its current value, a server verdict while the value is the one judged. */
  const shown = (field: PublishFieldName): FieldMark | undefined => {
    const e = errors[field];
    if (!e) return undefined;
    if (e.text !== undefined)
      return e.forValue === undefined || e.forValue === fieldValue(field) ? e : undefined;
    return LIVE_FIELDS.has(field) ? liveErrors[field] : e;
  };
  const anyShown = (Object.keys(errors) as PublishFieldName[]).some((f) => shown(f) !== undefined);
  const formError = formMessage ?? (fixPrompt && anyShown ? t('form.fixErrors') : null);

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
        error = checkImageFile(file, L.ICON_BYTES, 'icon') ?? (await checkShape(file, 'square'));
      } else if (field === 'cover_center' || field === 'cover_panel') {
        error = checkImageFile(file, L.COVER_BYTES, 'cover') ?? (await checkShape(file, '16:9'));
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
      error = checkImageFile(file, L.IMAGE_BYTES, 'images');
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
    setFormMessage(null);
    setFixPrompt(false);
    const fileErrors = Object.fromEntries(
      (['icon', 'cover_center', 'cover_panel', 'video', 'images', 'code_file'] as const)
        .filter((f) => errors[f] && errors[f].text === undefined) // the server's own are sent again
        .map((f) => [f, errors[f]]),
    ) as Errors;
    const all = { ...textErrors(values), ...fileErrors };
    if (mediaCount(files) > L.MEDIA) all.images = { key: 'error.tooManyMedia', values: { max: L.MEDIA } };
    setErrors(all);
    if (Object.keys(all).length > 0) {
      setFixPrompt(true);
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
    // A per-account limit: the form's own words, then the server's message, which names the limit.
    const limit = LIMIT_TEXTS[envelope.error as keyof typeof LIMIT_TEXTS];
    const text =
      envelope.error === 'VERSION_NOT_INCREASED'
        ? t('form.versionNotIncreased')
        : limit
          ? t(limit, { detail: envelope.message })
          : envelope.message || t('form.failed');
    const field = (envelope.field ?? (envelope.error === 'VERSION_NOT_INCREASED' ? 'version' : undefined)) as
      | PublishFieldName
      | undefined;
    if (field && field in { ...EMPTY_VALUES, ...NO_FILES }) {
      const refusal =
        envelope.error === 'UPLOAD_REJECTED' || outcome.status === 413
          ? mediaRefusal(field, text, outcome.status)
          : null;
      // A server error keeps its `text` (resolved now): a file error with text does not block sending again.
      const forValue = fieldValue(field);
      setError(
        field,
        refusal
          ? { ...refusal, text: t(refusal.key, refusal.values), forValue }
          : { key: '', text, forValue },
      );
      setFixPrompt(true);
      focusFirstInvalid();
    } else {
      setFormMessage(text);
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
    const error = message(shown(name));
    return {
      id: `${id}-${name}`,
      error,
      describedBy: [`${id}-${name}-hint`, error ? `${id}-${name}-error` : ''].filter(Boolean).join(' '),
      invalid: error ? true : undefined,
    };
  };

  return {
    t,
    editing,
    isAdmin,
    loadState,
    retry,
    current,
    values,
    files,
    formError,
    uploading,
    percent,
    formRef,
    tagDraft,
    setTagDraft,
    existingImages,
    set,
    field,
    blurCheck,
    chooseFile,
    chooseImages,
    addTag,
    tagKey,
    submit,
    cancelUpload,
  };
}

/** What {@link usePublishForm} returns: the form's state and its handlers. */
export type PublishFormState = ReturnType<typeof usePublishForm>;
