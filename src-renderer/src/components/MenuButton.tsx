import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** One choice of a menu: its visible words, the name a screen reader says (with what it acts on), and what it does. */
export interface MenuChoice {
  key: string;
  label: string;
  /** The accessible name when the visible words leave out what the choice acts on ("Print run…" → "… for Reel 7"). */
  name?: string;
  choose: () => void;
}

/**
 * A button that opens a menu of choices (docs/architecture.md, "Renderer", "Menus"): the WAI-ARIA menu button
 * (`aria-haspopup="menu"`, `aria-expanded`, a `role="menu"` of `menuitem`s). The menu is the platform's `popover`, as
 * the status bar's Details: it is drawn above everything (a table's last row cuts nothing off), and a click outside
 * or Escape closes it. Enter, Space or ↓ opens it on its first choice, ↑ on its last; ↓ ↑ Home End move; Escape
 * closes it and gives the focus back to the button; Tab closes it and goes on from the button.
 *
 * A keyboard scanner types into whatever has the focus (docs/devices.md, "Scans typed into a field"): the menu takes
 * no letters or digits (no type-ahead), so the first key of a scan, which reaches the focused choice before the wedge
 * knows it is a scan, moves nothing; the wedge (components/use-wedge.ts) swallows the rest and the Enter, so a scan
 * made while the menu is open is used as a scan and chooses nothing.
 */
export function MenuButton({ label, name, choices }: { label: string; name: string; choices: readonly MenuChoice[] }) {
  const id = useId();
  // useId's ids are no CSS identifiers; the anchor's name ties the menu to its button (position-anchor in styles.css).
  const anchor = `--menu-${id.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const menuId = `${id}-menu`;
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  /** Which choice takes the focus when the menu opens (↑ on the button: the last). */
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (at: number) => {
    const all = items();
    all[(at + all.length) % all.length]?.focus();
  };

  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const toggled = (event: Event) => {
      const isOpen = (event as ToggleEvent).newState === 'open';
      setOpen(isOpen);
      if (isOpen) focusItem(focusOnOpen.current === 'last' ? -1 : 0);
      focusOnOpen.current = 'first';
    };
    element.addEventListener('toggle', toggled);
    return () => element.removeEventListener('toggle', toggled);
  }, []);

  /** Closes the menu and puts the focus back on its button. */
  const close = () => {
    menu.current?.hidePopover();
    button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first';
    if (menu.current?.matches(':popover-open')) focusItem(event.key === 'ArrowUp' ? -1 : 0);
    else menu.current?.showPopover();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Partial<Record<string, number>> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    const to = move[event.key];
    if (to !== undefined) {
      event.preventDefault();
      focusItem(to);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      // The Tab goes on from the button: the next control after it, or the one before.
      close();
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="menu-button"
        style={{ anchorName: anchor }}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={name}
        popoverTarget={menuId}
        onKeyDown={onButtonKey}
      >
        {label}
      </button>
      <div ref={menu} id={menuId} popover="auto" role="menu" aria-label={name} className="menu-popup" style={{ positionAnchor: anchor }} onKeyDown={onMenuKey}>
        {choices.map((choice) => (
          <button
            key={choice.key}
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-label={choice.name}
            title={choice.name}
            onClick={() => {
              close();
              choice.choose();
            }}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </>
  );
}
