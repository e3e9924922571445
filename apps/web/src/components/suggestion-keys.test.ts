import { describe, expect, it } from 'vitest';
import { comboboxKey, type ComboboxState } from './suggestion-keys';

const closed: ComboboxState = { isOpen: false, active: -1 };
const open = (active: number): ComboboxState => ({ isOpen: true, active });

describe('the header search combobox keys', () => {
  it('ArrowDown opens on the first option, then steps down, through the field, back to the first', () => {
    expect(comboboxKey('ArrowDown', closed, 3, true)).toEqual({ state: open(0), action: 'none', isHandled: true });
    expect(comboboxKey('ArrowDown', open(-1), 3, true).state).toEqual(open(0));
    expect(comboboxKey('ArrowDown', open(0), 3, true).state).toEqual(open(1));
    expect(comboboxKey('ArrowDown', open(2), 3, true).state).toEqual(open(-1));
  });

  it('ArrowUp opens on the last option, then steps up, through the field, back to the last', () => {
    expect(comboboxKey('ArrowUp', closed, 3, true).state).toEqual(open(2));
    expect(comboboxKey('ArrowUp', open(2), 3, true).state).toEqual(open(1));
    expect(comboboxKey('ArrowUp', open(0), 3, true).state).toEqual(open(-1));
    expect(comboboxKey('ArrowUp', open(-1), 3, true).state).toEqual(open(2));
  });

  it('arrows do nothing without suggestions, and a highlight past a shorter list starts from its end', () => {
    expect(comboboxKey('ArrowDown', closed, 0, true)).toEqual({ state: closed, action: 'none', isHandled: false });
    expect(comboboxKey('ArrowUp', open(-1), 0, true).isHandled).toBe(false);
    expect(comboboxKey('ArrowUp', open(5), 2, true).state).toEqual(open(0));
  });

  it('Enter opens the highlighted option, or lets the form submit when none is', () => {
    expect(comboboxKey('Enter', open(1), 3, true)).toEqual({ state: closed, action: 'follow', isHandled: true });
    expect(comboboxKey('Enter', open(-1), 3, true)).toEqual({ state: closed, action: 'none', isHandled: false });
    expect(comboboxKey('Enter', closed, 3, true)).toEqual({ state: closed, action: 'none', isHandled: false });
    // A stale highlight (the list shrank) is not followed.
    expect(comboboxKey('Enter', open(4), 3, true).action).toBe('none');
  });

  it('Escape closes the popup first, then empties the field, then is left to the page', () => {
    expect(comboboxKey('Escape', open(1), 3, true)).toEqual({ state: closed, action: 'none', isHandled: true });
    expect(comboboxKey('Escape', closed, 3, true)).toEqual({ state: closed, action: 'clear', isHandled: true });
    expect(comboboxKey('Escape', open(-1), 0, true).action).toBe('clear');
    expect(comboboxKey('Escape', closed, 0, false)).toEqual({ state: closed, action: 'none', isHandled: false });
  });

  it('Tab closes the popup and lets focus leave; other keys change nothing', () => {
    expect(comboboxKey('Tab', open(1), 3, true)).toEqual({ state: closed, action: 'none', isHandled: false });
    expect(comboboxKey('a', open(1), 3, true)).toEqual({ state: open(1), action: 'none', isHandled: false });
    expect(comboboxKey('Home', open(1), 3, true).isHandled).toBe(false);
  });
});
