export { PlaygroundPage as Component } from '../features/playground/playground-page.tsx';
