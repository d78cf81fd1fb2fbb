import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  /** The translated validation message, or null while the field is fine. */
  message: string | null;
  children: ReactNode;
}

/** A labelled form field with its validation message (announced, and describing the input). */
export default function Field({ id, label, message, children }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {message && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/** What an input needs to name its state: its id, whether it is invalid and what describes it. */
export function inputState(id: string, message: string | null) {
  return { id, 'aria-invalid': message !== null, 'aria-describedby': message ? `${id}-error` : undefined };
}
