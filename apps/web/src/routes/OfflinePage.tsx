import OfflineScreen from '../features/offline/OfflineScreen';

/** The Offline screen (issue 47): the chapters saved in this browser; private, rendered by the browser. */
export default function OfflinePage() {
  return <OfflineScreen />;
}
