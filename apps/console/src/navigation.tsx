import { Anchor, type AnchorProps } from '@mantine/core';
import { type MouseEvent, type ReactNode, useSyncExternalStore } from 'react';

const CHANGE = 'console:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

const snapshot = (): string => window.location.pathname + window.location.search;

/** The current path and query; re-renders on every navigation (links, back/forward). */
export function useLocation(): { pathname: string; search: string } {
  const current = useSyncExternalStore(subscribe, snapshot);
  const index = current.indexOf('?');
  return index < 0
    ? { pathname: current, search: '' }
    : { pathname: current.slice(0, index), search: current.slice(index) };
}

/** Goes to a path of the console without reloading (History API). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo?.(0, 0);
}

/** A real link (middle-click, copy link, keyboard all work) that navigates in place on a plain click. */
export function Link({
  to,
  children,
  ...props
}: { to: string; children: ReactNode } & AnchorProps & { 'aria-current'?: 'page' }): ReactNode {
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Anchor href={to} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
