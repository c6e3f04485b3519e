import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { PublicSignInMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import classes from './sign-in-field.module.css';

interface SignInFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'type'
> {
  label: string;
  type?: 'email' | 'text' | 'password' | 'tel' | 'date';
  /** A hint between the label and the field, named by its `aria-describedby`. */
  description?: string;
  /** The field's error, shown under it, announced, and named by its `aria-describedby`. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** A password shown or hidden by the form (registration's two fields share one state). */
  revealed?: boolean;
  onRevealedChange?: (revealed: boolean) => void;
  /** The reveal button's name when the form holds the state ('Show passwords'). */
  revealLabel?: string;
}

/**
 * A field of the sign-in form and of registration's step 1: a native `<input>` with its
 * `<label>`, drawn as Mantine's inputs are (`sign-in-field.module.css`), so that the first load
 * of /login and /register carries none of their JS (issues 16 and 26). A password gets a button
 * that shows or hides it.
 */
export function SignInField({
  label,
  type = 'text',
  description,
  error,
  required,
  ref,
  revealed: shownByForm,
  onRevealedChange,
  revealLabel,
  ...input
}: SignInFieldProps) {
  const { PublicSignInMessages: text } = useMessages({ PublicSignInMessages });
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const [shownHere, setShownHere] = useState(false);
  const revealed = shownByForm ?? shownHere;
  const setRevealed = onRevealedChange ?? setShownHere;
  const password = type === 'password';
  const describedBy = [description && descriptionId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={classes.root}>
      <label className={classes.label} htmlFor={id}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {description && (
        <p id={descriptionId} className={classes.description}>
          {description}
        </p>
      )}
      <div className={classes.control} data-error={error ? true : undefined}>
        <input
          {...input}
          ref={ref}
          id={id}
          className={classes.input}
          type={password && revealed ? 'text' : type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          data-revealable={password || undefined}
        />
        {password && (
          <button
            type="button"
            className={classes.reveal}
            aria-label={revealLabel ?? (revealed ? text.hidePassword : text.showPassword)}
            aria-pressed={revealed}
            // A click keeps the caret in the field (as Mantine's toggle does); keys still work.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setRevealed(!revealed)}
          >
            <EyeIcon crossed={revealed} />
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className={classes.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Mantine's PasswordInput icon: an eye, crossed out while the password shows. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  const stroke = {
    fill: 'none',
    stroke: 'currentColor',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    strokeWidth: 16,
  } as const;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" aria-hidden="true">
      {crossed ? (
        <>
          <path
            {...stroke}
            d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53"
          />
          <path
            {...stroke}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path
            {...stroke}
            d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z"
          />
          <circle {...stroke} cx="128" cy="128" r="40" />
        </>
      )}
    </svg>
  );
}
