import { useId, useState } from 'react';

/**
 * A button that shows and hides another element (a panel, a menu, a list): whether it is open, the
 * element's id (`id`, else a fresh one), and the props its button carries: aria-expanded,
 * aria-controls and a click that toggles.
 */
export function useDisclosure(id?: string) {
  const [isOpen, setIsOpen] = useState(false);
  const freshId = useId();
  const controlsId = id ?? freshId;
  const toggleProps = {
    'aria-expanded': isOpen,
    'aria-controls': controlsId,
    onClick: () => setIsOpen((open) => !open),
  };
  return { isOpen, setIsOpen, controlsId, toggleProps };
}
