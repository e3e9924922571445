const LOCK = 'inkstream-offline-save';

const locks = () => (typeof navigator === 'undefined' ? undefined : navigator.locks);

/**
 * One save or clean-up at a time across this browser's tabs (the Web Locks API): the start's
 * clean-up never deletes a 'saving' record another tab is still filling. Without the API (older
 * browsers), the work runs as it is.
 */
export function withSaveLock<T>(work: () => Promise<T>): Promise<T> {
  const manager = locks();
  return manager ? (manager.request(LOCK, work) as Promise<T>) : work();
}

/** The same, but only if no save holds the lock now (the Offline screen does not wait for a running save). */
export function withSaveLockIfFree<T>(work: () => Promise<T>): Promise<T | undefined> {
  const manager = locks();
  if (!manager) return work();
  return manager.request(LOCK, { ifAvailable: true }, (lock) => (lock ? work() : undefined)) as Promise<T | undefined>;
}
