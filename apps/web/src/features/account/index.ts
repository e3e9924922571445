// The account feature's public face: what other features need of it. Other features import only this file.
export type { LoginLocationState } from './login-reason';
export { PLANS } from './plans';
// The fields the data-rights feature's deletion dialog asks with (issue 43).
export { PasswordField } from './PasswordField';
export { TextField } from './TextField';
export { TwoStepCodeField } from './TwoStepCodeField';
