import { PRODUCT_NAME } from '@conduit/contracts';

const SHARE_TEXT = `I just joined the ${PRODUCT_NAME} waitlist: one API key for AI images, video and profile data. Join through my link:`;

/** Share targets for a referral link: X, LinkedIn and an email draft. */
export function shareLinks(referralLink: string) {
  const url = encodeURIComponent(referralLink);
  const text = encodeURIComponent(SHARE_TEXT);
  return [
    { label: 'Share on X', href: `https://x.com/intent/post?text=${text}&url=${url}` },
    { label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    {
      label: 'Share by email',
      href: `mailto:?subject=${encodeURIComponent(`Join me on the ${PRODUCT_NAME} waitlist`)}&body=${text}%20${url}`,
    },
  ];
}
