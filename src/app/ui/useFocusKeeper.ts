import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the keyboard's place in `box` when the control holding the focus goes away with what it did (a
 * Cancel gone with its run, a Run replaced by its Cancel): after each change of `key`, a focus that fell to
 * the page (the body) goes to `next()` in the box. A focus parked there on a fallback (a heading, while
 * no control was in the box) moves on when `next()` gives a control again. Left alone when the focus last
 * left the box for somewhere else, or a click outside it took it away.
 */
export function useFocusKeeper(
  box: RefObject<HTMLElement | null>,
  key: unknown,
  next: () => HTMLElement | null | undefined,
): void {
  const inside = useRef(false);
  const parked = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onIn = (): void => void (inside.current = true);
    // A control removed blurs with no target: the focus was still ours.
    const onOut = (e: FocusEvent): void => {
      if (e.relatedTarget instanceof Node && !el.contains(e.relatedTarget)) inside.current = false;
    };
    const onDown = (e: PointerEvent): void => {
      if (!(e.target instanceof Node) || !el.contains(e.target)) inside.current = false;
    };
    el.addEventListener('focusin', onIn);
    el.addEventListener('focusout', onOut);
    document.addEventListener('pointerdown', onDown, true);
    return () => {
      el.removeEventListener('focusin', onIn);
      el.removeEventListener('focusout', onOut);
      document.removeEventListener('pointerdown', onDown, true);
    };
  }, [box]);
  useEffect(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || active === parked.current;
    if (!inside.current || !lost) return;
    const to = next();
    if (!to || to === active) return;
    to.focus();
    parked.current = to;
    // `next` is read when the key changes, not followed itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
