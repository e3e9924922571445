// The data-rights feature's public face (issue 43): the profile's "Your data" section.
export { YourDataSection } from './YourDataSection';
