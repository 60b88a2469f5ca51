/** The command palette (Ctrl+K) and the keyboard shortcuts, mounted once in the app layout. */
export { KeyboardShortcuts } from './components/keyboard-shortcuts';
