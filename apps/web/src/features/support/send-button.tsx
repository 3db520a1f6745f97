import { Send } from 'lucide-react';

/** The submit button of both support forms: the paper plane, and "Sending..." while the message goes out. */
export const SEND_BUTTON = {
  icon: <Send aria-hidden="true" className="size-4" />,
  pendingLabel: 'Sending...',
};
