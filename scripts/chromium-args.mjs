// Every Chromium the repo starts (browser tests, screenshots, the bench's page loads) runs Debian's build with these
// flags: no background traffic or updates, and no WebUI omnibox popup, which headless Chromium otherwise starts in a
// renderer of its own for each new window, taking a core of this 2-core machine while the page under test loads.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
