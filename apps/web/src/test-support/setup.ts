import { configure } from '@testing-library/react';

// findBy*/waitFor poll a condition and return as soon as it holds; only the give-up time is set
// here. Testing Library's default of 1 s failed first tests of a file (which also pay for importing
// the screen's modules) when the 2-core machine was busy with other test files.
configure({ asyncUtilTimeout: 10_000 });
