import { useEffect, useRef } from 'react';

/** Set by index.html's guard on a form the visitor sent before its code came (the browser's own submit stopped). */
const HELD_SUBMIT = 'data-submit-held';

/**
 * A server-rendered form sent before the app took it over (a tap on Send while its code was still on the way)
 * is sent once its code has come, as the visitor asked, instead of the tap being lost. Only for forms whose
 * fields React does not hold in state (react-hook-form's `register`): what was typed is in the DOM and is what
 * gets sent.
 */
export function useHeldSubmit() {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    if (!form?.hasAttribute(HELD_SUBMIT)) return;
    form.removeAttribute(HELD_SUBMIT);
    form.requestSubmit();
  }, []);
  return ref;
}
