import { useId, type InputHTMLAttributes } from 'react';
import classes from './checkbox-field.module.css';

interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'type' | 'children'
> {
  label: string;
  /** Shown under the label, announced, and named by the box's `aria-describedby`. */
  error?: string;
}

/**
 * A checkbox with its label: a native `<input type="checkbox">` drawn as Mantine's Checkbox
 * (size md) is (`checkbox-field.module.css`), so that the first load of /register carries none
 * of its JS (issue 26).
 */
export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={classes.root}>
      <div className={classes.inner}>
        <input
          {...input}
          id={id}
          type="checkbox"
          className={classes.input}
          data-error={error ? true : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <svg className={classes.icon} viewBox="0 0 10 7" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
          />
        </svg>
      </div>
      <div className={classes.labelWrapper}>
        <label className={classes.label} htmlFor={id}>
          {label}
        </label>
        {error && (
          <p id={errorId} className={classes.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
