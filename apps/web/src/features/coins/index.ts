// The coins feature's public face (issue 42): the locked chapter's offer, the book page's marks and
// free unlock, the profile's wallet. Other features import only this file.
export { ChapterUnlockOffer } from './ChapterUnlockOffer';
export { unlockOfferOf } from './coin-rules';
export { default as coinStyles } from './coins.module.css';
export { BookCoins } from './BookCoins';
export { useBookUnlocks } from './use-book-unlocks';
export { CoinIcon } from './BookCoins';
export { packCard, packTotal, type PackCard } from './coin-rules';
export { useWallet } from './use-wallet';
export { WalletHistory } from './WalletHistory';
// Issue 59: rentals and auto-unlock on the reader.
export { RentalNote } from './RentalNote';
export { AutoUnlockAtEnd } from './AutoUnlockAtEnd';
