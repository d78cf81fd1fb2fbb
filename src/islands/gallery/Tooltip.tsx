import { useId, useState } from 'react';

/**
 * A small "i" button whose text shows on hover and keyboard focus (and is its description).
 * Escape hides it until the pointer or focus leaves (WCAG 1.4.13: dismissible). The text opens
 * under the nearest positioned ancestor, as wide as it at most (gallery.css): its container must
 * be positioned, so the text never runs past the screen.
 */
export default function Tooltip({ label, text, disabled = false }: { label: string; text: string; disabled?: boolean }) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  const reset = () => setDismissed(false);
  return (
    <span className={dismissed ? 'tip tip-dismissed' : 'tip'} onMouseLeave={reset}>
      <button
        type="button"
        className="tip-button"
        aria-label={label}
        aria-describedby={id}
        disabled={disabled}
        onBlur={reset}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true);
        }}
      >
        i
      </button>
      <span role="tooltip" id={id} className="tip-text">
        {text}
      </span>
    </span>
  );
}
