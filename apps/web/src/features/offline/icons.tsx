import { LineIcon } from '../../components/LineIcon';

/** An arrow into a tray: save for offline. */
export const SaveIcon = () => (
  <LineIcon>
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19h14" />
  </LineIcon>
);

/** A tick in a circle: saved on this device. */
export const SavedIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m8.5 12.2 2.4 2.4 4.6-5" />
  </LineIcon>
);

/** A cloud crossed out: no connection. */
export const OfflineIcon = () => (
  <LineIcon>
    <path d="M7 18h10.5a3.5 3.5 0 0 0 .6-6.95A5.5 5.5 0 0 0 7.3 9.5 4.25 4.25 0 0 0 7 18z" />
    <path d="M4 4l16 16" />
  </LineIcon>
);
