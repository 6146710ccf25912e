import { useState, type CSSProperties, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';

/** Off screen until it has the keyboard focus, then at the top left corner over the header. */
const HIDDEN: CSSProperties = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 2000,
  padding: '8px 16px',
  borderRadius: 6,
  background: '#ffffff',
  color: '#1d4ed8',
  fontWeight: 600,
  textDecoration: 'underline',
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
  transform: 'translateY(-200%)',
};
const SHOWN: CSSProperties = { ...HIDDEN, transform: 'none', outline: '2px solid #1d4ed8', outlineOffset: 2 };

/**
 * 'Skip to main content' (WCAG 2.4.1, issue 36): the first Tab stop of every page, shown when it has
 * the focus; Enter moves the focus to the page's `main` landmark, whichever layout drew it (the
 * public pages' `main`, the student's and the back office's frame, antd's `Layout.Content`), so the
 * next Tab is the first control of the screen. The URL is left as it is (the router owns it).
 */
export function SkipLink() {
  const intl = useIntl();
  const [focused, setFocused] = useState(false);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector<HTMLElement>('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) {
      main.setAttribute('tabindex', '-1');
      // the landmark takes the focus to hand it on; it is no control, so no focus ring around the page
      main.style.outline = 'none';
    }
    main.focus();
  };
  return (
    <a
      href="#main"
      className="cs-skip-link"
      data-testid="skip-link"
      style={focused ? SHOWN : HIDDEN}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={skip}
    >
      {intl.formatMessage({ id: 'skipLink.label', defaultMessage: 'Skip to main content' })}
    </a>
  );
}
