import { USAGE_COSTS, type UsageCostKey } from '@conduit/contracts';
import { Clapperboard, Eraser, ImageIcon, type LucideIcon, UsersRound } from 'lucide-react';

export interface Service {
  key: UsageCostKey;
  title: string;
  description: string;
  highlights: string[];
  unit: string;
  endpoint: string;
  Icon: LucideIcon;
}

/**
 * The four paid services, in the order of docs/product.md, "What the product is", with the copy the
 * landing shows.
 */
export const SERVICES: Service[] = [
  {
    key: 'imageGeneration',
    title: 'AI image generation',
    description: 'Turn a prompt, or up to ten reference images, into production-ready artwork in seconds.',
    highlights: ['PNG or JPEG output', 'Eleven aspect ratios, 1:1 to 21:9', 'Prompts up to 5,000 characters'],
    unit: 'image',
    endpoint: 'POST /api/provider/image',
    Icon: ImageIcon,
  },
  {
    key: 'videoGeneration',
    title: 'AI video generation',
    description: 'Create short videos from text or a still image. Start a task, then poll its status.',
    highlights: ['Standard and fast models', 'Landscape 16:9 or portrait 9:16', 'Reproducible seeds'],
    unit: 'video',
    endpoint: 'POST /api/provider/video',
    Icon: Clapperboard,
  },
  {
    key: 'soraWatermarkRemover',
    title: 'Sora watermark removal',
    description: 'Clean the watermark off a Sora-generated video in 3-6 seconds, ready to publish.',
    highlights: ['Sync and async variants', 'Original resolution kept', 'Processing time reported'],
    unit: 'video',
    endpoint: 'POST /api/provider/sora-watermark-remover',
    Icon: Eraser,
  },
  {
    key: 'linkedinScraping',
    title: 'LinkedIn profile and post scraping',
    description: 'Pull public profile data, post content, engagement metrics and contact information.',
    highlights: ['Up to 100 posts per page', 'Cursor pagination', 'Structured JSON output'],
    unit: 'request',
    endpoint: 'POST /api/provider/linkedin',
    Icon: UsersRound,
  },
];

export const creditLabel = (credits: number) =>
  `${credits.toLocaleString('en-US')} ${credits === 1 ? 'credit' : 'credits'}`;

export const costLabel = (service: Service) => `${creditLabel(USAGE_COSTS[service.key])} per ${service.unit}`;
