import '../i18n';

// Unit tests render a feature's components without its page or public entry: every feature's texts are loaded.
import.meta.glob('../features/*/i18n.ts', { eager: true });

// jsdom has neither matchMedia nor ResizeObserver nor scrollIntoView; Mantine components ask for them.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};
