import { PLUGIN_PLATFORMS, PUBLISH_LIMITS } from '@plugin-center/contract';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { platformName } from '../../components/platforms';
import { Button } from '../../ui/Button';
import { Check, FileInput, TextArea, TextInput } from '../../ui/Field';
import { FormField } from '../../ui/FormField';
import { LoadingState } from '../../ui/States';
import { FilePreview } from './FilePreview';
import type { PublishFormState } from './usePublishForm';
import { IMAGE_TYPES } from './validation';

const L = PUBLISH_LIMITS;

// In the detail's chunk of long texts (its Markdown renderer and styles): loaded on first preview.
const DescriptionPreview = lazy(() =>
  import('../detail/DetailTexts').then((m) => ({ default: m.DescriptionPreview })),
);

/**
 * One labelled field of the publish form: the kit's {@link FormField} with the hint kept above the
 * error and muted.
 */
export function Field(props: {
  label: string;
  f: { id: string; error?: string };
  required?: boolean;
  requiredText?: string;
  hint?: string;
  children: ReactNode;
}) {
  const { f } = props;
  return (
    <FormField
      id={f.id}
      label={props.label}
      required={props.required}
      requiredTitle={props.requiredText}
      hint={props.hint}
      error={f.error}
      keepHint
      hintClassName="state-hint publish-hint"
    >
      {props.children}
    </FormField>
  );
}

/** The publish form's text fields with a one-line input. */
type TextFieldName =
  | 'name'
  | 'intro'
  | 'contact'
  | 'version'
  | 'copyright_name'
  | 'technical_support_link'
  | 'license'
  | 'homepage'
  | 'repository'
  | 'developer';

/**
 * A text field of the publish form ({@link Field} around an `<input>`), wired to the form's state:
 * value, change, the check on blur, `aria-invalid` and `aria-describedby`; disabled while uploading.
 */
export function TextField(props: {
  form: PublishFormState;
  name: TextFieldName;
  label: string;
  required?: boolean;
  hint?: string;
  type?: string;
}) {
  const { form, name } = props;
  const f = form.field(name);
  return (
    <Field
      label={props.label}
      f={f}
      required={props.required}
      hint={props.hint}
      requiredText={form.t('form.required')}
    >
      <TextInput
        id={f.id}
        type={props.type ?? 'text'}
        name={name}
        value={form.values[name]}
        onChange={(e) => form.set(name, e.target.value)}
        onBlur={form.blurCheck(name)}
        aria-invalid={f.invalid}
        aria-describedby={f.describedBy}
        aria-required={props.required || undefined}
        disabled={form.uploading}
      />
    </Field>
  );
}

/** A required multi-line text of the publish form (the version description), wired like {@link TextField}. */
export function TextAreaField(props: {
  form: PublishFormState;
  name: 'version_content';
  label: string;
  rows: number;
  hint?: string;
}) {
  const { form, name } = props;
  const f = form.field(name);
  return (
    <Field label={props.label} f={f} required hint={props.hint} requiredText={form.t('form.required')}>
      <TextArea
        id={f.id}
        name={name}
        rows={props.rows}
        value={form.values[name]}
        onChange={(e) => form.set(name, e.target.value)}
        onBlur={form.blurCheck(name)}
        aria-invalid={f.invalid}
        aria-describedby={f.describedBy}
        aria-required
        disabled={form.uploading}
      />
    </Field>
  );
}

/**
 * The description (Markdown) with two tabs: Write (the text area, as {@link TextAreaField}) and
 * Preview (the text rendered as the detail page renders it, loaded on first use). Arrow keys move
 * between the tabs; the text area keeps its value and checks while the preview shows.
 */
export function DescriptionField(props: { form: PublishFormState; rows: number; hint?: string }) {
  const { form } = props;
  const { t } = form;
  const f = form.field('description');
  const [preview, setPreview] = useState(false);
  const panel = useId();
  const tab = (on: boolean, label: string) => (
    <button
      type="button"
      role="tab"
      className="publish-tab"
      aria-selected={preview === on}
      aria-controls={on ? panel : f.id}
      tabIndex={preview === on ? 0 : -1}
      onClick={() => setPreview(on)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          setPreview(!preview);
          const other = e.currentTarget.parentElement?.querySelector<HTMLElement>('[aria-selected="false"]');
          other?.focus();
        }
      }}
    >
      {label}
    </button>
  );
  return (
    <Field label={t('form.description')} f={f} required hint={props.hint} requiredText={t('form.required')}>
      <div className="publish-tabs" role="tablist" aria-label={t('form.description')}>
        {tab(false, t('form.write'))}
        {tab(true, t('form.preview'))}
      </div>
      <TextArea
        id={f.id}
        name="description"
        rows={props.rows}
        hidden={preview}
        value={form.values.description}
        onChange={(e) => form.set('description', e.target.value)}
        onBlur={form.blurCheck('description')}
        aria-invalid={f.invalid}
        aria-describedby={f.describedBy}
        aria-required
        disabled={form.uploading}
      />
      {preview && (
        <div id={panel} role="tabpanel" className="publish-preview" data-testid="description-preview">
          <Suspense fallback={<LoadingState variant="more" label={t('form.previewLoading')} />}>
            <DescriptionPreview text={form.values.description} empty={t('form.previewEmpty')} />
          </Suspense>
        </div>
      )}
    </Field>
  );
}

/**
 * A file field of the publish form: the chosen file's preview, else the current image or video of
 * the plugin being edited (kept when no file is chosen, which the hint says), and the file input,
 * checked when a file is chosen.
 */
export function FileField(props: {
  form: PublishFormState;
  name: 'icon' | 'cover_center' | 'cover_panel' | 'video' | 'code_file';
  label: string;
  hint: string;
  accept: string;
  currentUrl: string | null | undefined;
}) {
  const { form, name, label, hint, currentUrl } = props;
  const { t } = form;
  const f = form.field(name);
  const keep = form.editing && (name === 'code_file' ? form.current?.has_code_file : currentUrl);
  const chosen = form.files[name];
  return (
    <Field
      label={label}
      f={f}
      hint={keep ? `${hint} ${name === 'code_file' ? t('form.codeKept') : t('form.currentKept')}` : hint}
    >
      {chosen && name !== 'code_file' && <FilePreview file={chosen} alt={`${t('form.chosen')}: ${label}`} />}
      {!chosen && currentUrl && name !== 'video' && (
        <img className="publish-current" src={currentUrl} alt={`${t('form.current')}: ${label}`} />
      )}
      {!chosen && currentUrl && name === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: a plugin's demo video has no caption track
        <video className="publish-current" src={currentUrl} controls preload="none" />
      )}
      <FileInput
        id={f.id}
        name={name}
        accept={props.accept}
        onChange={(e) => void form.chooseFile(name)(e)}
        aria-invalid={f.invalid}
        aria-describedby={f.describedBy}
        disabled={form.uploading}
      />
    </Field>
  );
}

/**
 * The tags field: the tags as chips with a remove button each, and a text input that adds one on
 * Enter, a comma or the Add button (Backspace in the empty input removes the last); disabled at the
 * maximum.
 */
export function TagsField({ form }: { form: PublishFormState }) {
  const { t, values, uploading } = form;
  const tags = form.field('tags');
  const full = values.tags.length >= L.TAGS;
  return (
    <Field label={t('form.tags')} f={tags} hint={t('form.tagsHint', { max: L.TAGS })}>
      {values.tags.length > 0 && (
        <ul className="chips publish-tags" aria-label={t('form.tags')}>
          {values.tags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
              <button
                type="button"
                className="chip-remove"
                aria-label={t('form.removeTag', { tag })}
                onClick={() =>
                  form.set(
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
        <TextInput
          id={tags.id}
          type="text"
          value={form.tagDraft}
          maxLength={L.TAG + 1}
          onChange={(e) => form.setTagDraft(e.target.value)}
          onKeyDown={form.tagKey}
          aria-invalid={tags.invalid}
          aria-describedby={tags.describedBy}
          disabled={uploading || full}
        />
        <Button onClick={form.addTag} disabled={uploading || full}>
          {t('form.addTag')}
        </Button>
      </div>
    </Field>
  );
}

/**
 * The screenshots field (several images at once): the chosen images' previews, else the current
 * ones of the plugin being edited (kept when none are chosen), and the multiple file input.
 */
export function ImagesField({ form }: { form: PublishFormState }) {
  const { t, files, current } = form;
  const images = form.field('images');
  return (
    <Field
      label={t('form.images')}
      f={images}
      hint={`${t('form.imagesHint', { max: L.MEDIA })}${form.editing && form.existingImages ? ` ${t('form.currentKept')}` : ''}`}
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
      <FileInput
        id={images.id}
        name="images"
        accept={IMAGE_TYPES.join(',')}
        multiple
        onChange={form.chooseImages}
        aria-invalid={images.invalid}
        aria-describedby={images.describedBy}
        disabled={form.uploading}
      />
    </Field>
  );
}

/**
 * The design tools the plugin runs in: a checkbox per code of the contract's `PLUGIN_PLATFORMS`,
 * labelled with the tool's own name as the square's filter shows it (`platformName`). None checked:
 * the server reads them from the code file's manifest (the hint says so). A server refusal of the
 * field shows under the group.
 */
export function PlatformsField({ form }: { form: PublishFormState }) {
  const { t, values, uploading } = form;
  const f = form.field('platforms');
  const toggle = (code: (typeof PLUGIN_PLATFORMS)[number], on: boolean) =>
    form.set(
      'platforms',
      PLUGIN_PLATFORMS.filter((c) => (c === code ? on : values.platforms.includes(c))),
    );
  return (
    <fieldset className="publish-radios" data-testid="platforms">
      <legend>{t('form.platforms')}</legend>
      {PLUGIN_PLATFORMS.map((code) => (
        <Check
          key={code}
          type="checkbox"
          name="platforms"
          value={code}
          checked={values.platforms.includes(code)}
          onChange={(e) => toggle(code, e.currentTarget.checked)}
          aria-invalid={f.invalid}
          aria-describedby={f.describedBy}
          disabled={uploading}
        >
          {platformName(code)}
        </Check>
      ))}
      <p id={`${f.id}-hint`} className="state-hint publish-hint">
        {t('form.platformsHint')}
      </p>
      {f.error && (
        <p id={`${f.id}-error`} className="field-error">
          {f.error}
        </p>
      )}
    </fieldset>
  );
}
