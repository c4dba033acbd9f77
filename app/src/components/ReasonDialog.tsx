import { type ReactElement, type ReactNode, useState } from 'react';
import { Button } from '../ui/Button';
import { Dialog, DialogClose } from '../ui/Dialog';
import { TextArea } from '../ui/Field';
import { FormField } from '../ui/FormField';

/**
 * A form of one required text (a reason, a reply): the labelled text area `id` (at most
 * `maxLength` characters), the submit button (disabled while the text is blank) and the `cancel`
 * element beside it. `onSubmit` gets the text as typed.
 */
export function TextForm(props: {
  id: string;
  label: string;
  submit: string;
  cancel: ReactNode;
  maxLength: number;
  text: string;
  onText(text: string): void;
  onSubmit(text: string): void;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(props.text);
      }}
    >
      <FormField id={props.id} label={props.label} required>
        <TextArea
          id={props.id}
          value={props.text}
          rows={3}
          required
          maxLength={props.maxLength}
          onChange={(e) => props.onText(e.target.value)}
        />
      </FormField>
      <div className="rating-form-buttons">
        <Button type="submit" variant="primary" disabled={props.text.trim() === ''}>
          {props.submit}
        </Button>
        {props.cancel}
      </div>
    </form>
  );
}

/**
 * A dialog asking for a required text (a review's report reason, a moderator's hiding reason),
 * opened by `trigger`: a {@link TextForm} with Cancel closing the dialog. It closes once `onSubmit`
 * resolves true and keeps the text otherwise.
 */
export function ReasonDialog(props: {
  trigger: ReactElement;
  title: string;
  label: string;
  confirm: string;
  cancel: string;
  maxLength: number;
  onSubmit(text: string): Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen} trigger={props.trigger} title={props.title} footer={false}>
      <TextForm
        id="reason-text"
        label={props.label}
        submit={props.confirm}
        maxLength={props.maxLength}
        text={text}
        onText={setText}
        cancel={
          <DialogClose>
            <Button type="button">{props.cancel}</Button>
          </DialogClose>
        }
        onSubmit={(value) =>
          void props.onSubmit(value).then((done) => {
            if (done) {
              setText('');
              setOpen(false);
            }
          })
        }
      />
    </Dialog>
  );
}
