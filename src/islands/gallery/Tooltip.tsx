import { useId } from 'react';

/** A small "i" button whose text shows on hover and keyboard focus (and is its description). */
export default function Tooltip({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <span className="tip">
      <button type="button" className="tip-button" aria-label={label} aria-describedby={id}>
        i
      </button>
      <span role="tooltip" id={id} className="tip-text">
        {text}
      </span>
    </span>
  );
}
