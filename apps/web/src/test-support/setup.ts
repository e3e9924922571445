import { configure } from '@testing-library/react';
import { reportMissingValues } from '../i18n/translator';

// findBy*/waitFor poll a condition and return as soon as it holds; only the give-up time is set
// here. Testing Library's default of 1 s failed first tests of a file (which also pay for importing
// the screen's modules) when the 2-core machine was busy with other test files.
configure({ asyncUtilTimeout: 10_000 });

// A text rendered with a `{{name}}` its caller did not fill fails the test that renders it
// (the page itself would show a gap: "Coins (last  days)").
reportMissingValues((name, text, language) => {
  throw new Error(`Unfilled {{${name}}} in the ${language} text "${text}"`);
});
