// The push feature's public face. Other features import only this file.
export { PushOptIn } from './PushOptIn';
