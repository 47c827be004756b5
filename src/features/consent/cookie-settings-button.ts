import { requestCookieSettings } from './consent-cookie.ts';

/** The footer's "Cookie settings" buttons open the consent dialog: withdrawing consent must be as easy as giving it. */
export function startCookieSettingsButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-open-cookie-settings]')) {
    button.addEventListener('click', requestCookieSettings);
  }
}
