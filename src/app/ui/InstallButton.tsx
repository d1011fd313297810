import { useEffect, useState } from 'react';

/** Chromium's install offer (not in lib.dom): fired when the app meets the install criteria. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * "Install": the browser's own install dialog, offered in the header when the browser says the app can
 * be installed (app.md: installable, fully usable offline). Browsers without the event (Safari,
 * Firefox) keep their menu entries; once installed, or when running as the installed app, the button
 * is gone.
 */
export function InstallButton(): React.JSX.Element | null {
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);
  useEffect(() => {
    const onOffer = (e: Event): void => {
      e.preventDefault(); // keep the offer for our button instead of the browser's mini-bar
      setOffer(e as InstallPromptEvent);
    };
    const onInstalled = (): void => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (!offer) return null;
  const install = async (): Promise<void> => {
    await offer.prompt();
    // An offer can be used once; accepted or not, the browser fires a new one when it applies again.
    await offer.userChoice.catch(() => undefined);
    setOffer(null);
  };
  return (
    <button
      type="button"
      onClick={() => void install()}
      title="Install Lux as an app (works offline)"
      data-testid="install"
    >
      Install
    </button>
  );
}
