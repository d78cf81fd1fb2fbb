import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for sizing (e.g. "modal-wide"). */
  className?: string;
  /** The title, for a modal that moves focus to it (a new step); it takes focus but no Tab stop. */
  titleRef?: Ref<HTMLHeadingElement>;
  /**
   * Opens with the focus on the title rather than on the first control: for a modal read from the
   * top whose only control closes it at the end (a phone would open it scrolled down to there).
   */
  focusTitle?: boolean;
}

/**
 * A modal on the native <dialog>: showModal() makes the page behind inert (focus stays inside)
 * and Escape closes it. A click on the backdrop closes it too, and focus returns to whatever
 * had it before opening.
 */
export default function Modal({ open, title, onClose, children, className, titleRef, focusTitle = false }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      if (focusTitle) element.querySelector<HTMLElement>('.modal-title')?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, focusTitle]);

  return (
    // A click on the backdrop closes, as Escape (the dialog's own) does from the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onClose={() => {
        if (opener.current instanceof HTMLElement) opener.current.focus();
        if (open) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click whose target is the dialog itself landed on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-body">
        <h2 id={titleId} className="modal-title" ref={titleRef} tabIndex={titleRef || focusTitle ? -1 : undefined}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
