/**
 * After a navigation, focus moves to the new page's heading so a screen
 * reader announces it, and the keyboard starts from the page, not from the
 * link that was followed. A lazy page may render a moment after the route
 * resolved, so this waits for its heading (at most `timeoutMs`).
 */
export function focusPageHeading(timeoutMs = 3000): void {
  const target = () => document.querySelector<HTMLElement>('main h1');
  const focus = (heading: HTMLElement) => {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: false });
  };
  const found = target();
  if (found) {
    focus(found);
    return;
  }
  const observer = new MutationObserver(() => {
    const heading = target();
    if (!heading) return;
    observer.disconnect();
    focus(heading);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), timeoutMs);
}
