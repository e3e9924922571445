// The payments feature's public face (the profile's top-up uses it). Other features import only this file.
export { PaymentPanel } from './PaymentPanel';
export { paymentOptions } from './payment-options';
export { reserveCheckoutWindow } from './sandbox-checkout-url';
export { StripeBuyButton } from './StripeBuyButton';
export { usePaymentFlow } from './use-payment-flow';
export { default as paymentStyles } from './payments.module.css';
