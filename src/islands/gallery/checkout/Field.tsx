import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  /** The translated validation message, or null while the field is fine. */
  message: string | null;
  children: ReactNode;
  hint?: string | undefined;
}

/** A labelled form field with its validation message (announced, and describing the input). */
export default function Field({ id, label, message, children, hint }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/** What an input needs to name its state: its id, whether it is invalid and what describes it. */
export function inputState(id: string, message: string | null, hint = false) {
  const described = [message ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': message !== null, 'aria-describedby': described || undefined };
}
