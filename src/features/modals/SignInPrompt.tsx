import type { Translator } from '../../i18n/i18n.ts';
import { signInHref, signUpHref } from '../../shared/session/session-store.ts';
import type { ModalName } from '../../shared/modals/modal-store.ts';
import { ModalHead } from '../../shared/modals/Dialog.tsx';

/** Why a guest is asked to sign in: the modal they opened. */
const REASONS = {
  'sign-in-follow': ['user.signIn.follow.title', 'user.signIn.follow.text'],
  'sign-in-favorites': ['user.signIn.favorites.title', 'user.signIn.favorites.text'],
  'create-collection': ['user.signIn.collections.title', 'user.signIn.collections.text'],
  'add-to-collection': ['user.signIn.collections.title', 'user.signIn.collections.text'],
  'capture-space': ['user.signIn.spaces.title', 'user.signIn.spaces.text'],
  'add-space': ['user.signIn.spaces.title', 'user.signIn.spaces.text'],
  share: ['user.signIn.follow.title', 'user.signIn.follow.text'],
} as const satisfies Record<ModalName, readonly [string, string]>;

/** The sign-in offer guests get instead of a signed-in action (#sign-in-follow, #sign-in-favorites, signed-in-only hashes). */
export function SignInPrompt({ reason, tr, onClose }: { reason: ModalName; tr: Translator; onClose: () => void }) {
  const { t } = tr;
  const [title, text] = REASONS[reason];
  // Back to this page without the hash: a signed-in user needs no sign-in offer.
  const target = location.pathname + location.search;
  return (
    <>
      <ModalHead id="du-modal-title" title={t(title)} closeLabel={t('user.modal.close')} onClose={onClose} />
      <p className="muted" style={{ margin: 0 }}>
        {t(text)}
      </p>
      <div className="du-row">
        <a className="btn btn-primary" href={signInHref(target)}>
          {t('header.signIn')}
        </a>
        <a className="btn btn-outline" href={signUpHref(target)}>
          {t('user.signIn.create')}
        </a>
      </div>
    </>
  );
}
