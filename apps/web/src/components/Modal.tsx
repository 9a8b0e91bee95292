import { forwardRef, type ComponentProps } from 'react';
import BootstrapModal from 'react-bootstrap/Modal';

/**
 * react-bootstrap's Modal leaves the page once its fade sends `transitionend`. A child's own transitionend (a
 * button's focus ring) cancels the fallback timer of that wait, and when the fade never ran (closed in the frame it
 * opened: Enter held on a Delete button) the modal stayed for good, invisible over the page, which took no more
 * clicks (react-bootstrap#6153, open). This one ends the wait itself once the fade (150 ms) is surely over.
 */
const FADE_DONE_MS = 400;

type Props = ComponentProps<typeof BootstrapModal>;

const Modal = forwardRef<HTMLDivElement, Props>(function Modal({ onExit, ...props }, ref) {
  return (
    <BootstrapModal
      ref={ref}
      {...props}
      onExit={(node: HTMLElement) => {
        onExit?.(node);
        window.setTimeout(() => {
          if (node.isConnected) node.dispatchEvent(new Event('transitionend', { bubbles: true }));
        }, FADE_DONE_MS);
      }}
    />
  );
});

export default Object.assign(Modal, {
  Header: BootstrapModal.Header,
  Title: BootstrapModal.Title,
  Body: BootstrapModal.Body,
  Footer: BootstrapModal.Footer,
});
