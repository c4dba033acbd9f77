import { type ReactElement, useState } from 'react';
import { Button } from '../ui/Button';
import { Dialog, DialogClose } from '../ui/Dialog';
import { TextArea } from '../ui/Field';
import { FormField } from '../ui/FormField';

/**
 * A dialog asking for a required text (a review's report reason, a moderator's hiding reason),
 * opened by `trigger`: the labelled text area (at most `maxLength` characters), the confirm button
 * (disabled while the text is blank) and Cancel. It closes once `onSubmit` resolves true and keeps
 * the text otherwise.
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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void props.onSubmit(text).then((done) => {
            if (done) {
              setText('');
              setOpen(false);
            }
          });
        }}
      >
        <FormField id="reason-text" label={props.label} required>
          <TextArea
            id="reason-text"
            value={text}
            rows={3}
            required
            maxLength={props.maxLength}
            onChange={(e) => setText(e.target.value)}
          />
        </FormField>
        <div className="rating-form-buttons">
          <Button type="submit" variant="primary" disabled={text.trim() === ''}>
            {props.confirm}
          </Button>
          <DialogClose>
            <Button type="button">{props.cancel}</Button>
          </DialogClose>
        </div>
      </form>
    </Dialog>
  );
}
