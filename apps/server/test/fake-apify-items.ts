/** A post the way apimaestro/linkedin-profile-posts writes its dataset items. */
export function actorPost(username: string, index: number, page: number) {
  const activity = `7${String(page).padStart(3, '0')}${String(index).padStart(15, '0')}`;
  return {
    urn: activity,
    full_urn: `urn:li:activity:${activity}`,
    posted_at: { date: '2025-03-04 10:20:30', relative: '1w', timestamp: 1_741_083_630_000 + index },
    text: `Post ${index} of page ${page} by ${username}`,
    url: `https://www.linkedin.com/posts/${username}_activity-${activity}`,
    post_type: index % 3 === 2 ? 'repost' : 'regular',
    author: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      headline: 'Analyst of engines',
      username,
      profile_url: `https://www.linkedin.com/in/${username}`,
      profile_picture: 'https://media.licdn.com/dms/image/ada.jpg',
    },
    stats: {
      total_reactions: 10 + index,
      like: 7 + index,
      support: 1,
      love: 1,
      insight: 1,
      celebrate: 0,
      comments: 3,
      reposts: 2,
    },
    media: { type: 'image', url: `https://media.licdn.com/dms/image/post-${index}.jpg` },
    pagination_token: `token-after-page-${page}`,
  };
}

/** A profile the way dev_fusion/linkedin-profile-scraper writes its dataset item. */
export function profileItem(username: string) {
  return {
    linkedinUrl: `https://www.linkedin.com/in/${username}`,
    publicIdentifier: username,
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    headline: 'Analyst of engines',
    connections: 500,
    followers: 12_847,
    email: `${username}@example.com`,
    mobileNumber: null,
    addressWithCountry: 'London, England, United Kingdom',
    addressWithoutCountry: 'London, England',
    addressCountryOnly: 'United Kingdom',
    creatorWebsite: { name: 'Website', link: `https://${username}.example.com` },
    about: 'Notes on the analytical engine.',
  };
}

/** Items missing most fields, or not objects at all: the mapping must survive them. */
export const SPARSE_ITEMS = [
  {},
  null,
  'junk',
  { text: 'only text', stats: { like: '1,204', comments: 'n/a' }, posted_at: 'not a date' },
  { urn: { activity_urn: '7111' }, author: { name: 'Someone Else' }, media: [{ type: 'video' }] },
];
