export { InvitePage as Component } from '../features/team/invite-page.tsx';
