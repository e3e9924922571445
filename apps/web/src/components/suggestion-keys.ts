/**
 * The header search's combobox keys (WAI-ARIA 1.2 combobox with a listbox popup), as a pure
 * function the Header applies: what a key does to the popup's state, and what it asks for.
 * `active` is the highlighted option's place in the popup, -1 when the text field itself is.
 */
export interface ComboboxState {
  isOpen: boolean;
  active: number;
}

export interface KeyOutcome {
  state: ComboboxState;
  /** follow: open the highlighted option; clear: empty the field. */
  action: 'none' | 'follow' | 'clear';
  /** The key was the combobox's: the browser's own handling (a form submit, clearing a search field) is prevented. */
  isHandled: boolean;
}

const CLOSED: ComboboxState = { isOpen: false, active: -1 };

export function comboboxKey(key: string, state: ComboboxState, count: number, hasText: boolean): KeyOutcome {
  const same = (isHandled = false): KeyOutcome => ({ state, action: 'none', isHandled });
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (count === 0) return same();
      const isDown = key === 'ArrowDown';
      // Closed: open on the first (Down) or last (Up) option. Open: one step, through the field
      // itself (-1) between the last option and the first, so the reader can get back to typing.
      if (!state.isOpen) return { state: { isOpen: true, active: isDown ? 0 : count - 1 }, action: 'none', isHandled: true };
      const from = Math.min(state.active, count - 1);
      const active = isDown ? (from === count - 1 ? -1 : from + 1) : from === -1 ? count - 1 : from - 1;
      return { state: { isOpen: true, active }, action: 'none', isHandled: true };
    }
    case 'Enter':
      // An option highlighted: open it. None: the form is submitted as it would be without the popup.
      if (state.isOpen && state.active >= 0 && state.active < count) return { state: CLOSED, action: 'follow', isHandled: true };
      return { state: CLOSED, action: 'none', isHandled: false };
    case 'Escape':
      // First the popup closes; a second Escape empties the field.
      if (state.isOpen && count > 0) return { state: CLOSED, action: 'none', isHandled: true };
      if (hasText) return { state: CLOSED, action: 'clear', isHandled: true };
      return same();
    case 'Tab':
      // Focus leaves as it would; the popup does not stay behind.
      return { state: CLOSED, action: 'none', isHandled: false };
    default:
      return same();
  }
}
