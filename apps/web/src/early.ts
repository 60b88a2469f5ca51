import { TRANSPORT_TABS, type TransportTab } from '@grain/shared';
import { startEarlyRequest } from './api/early-answers';
import { tokens } from './api/tokens';
import { listRequestBody, parseListState } from './components/list/list-state';
import { rememberedPageSize } from './components/list/page-size-memory';
import { toTransportFilter } from './features/transports/transport-filter';

/**
 * A small script of its own that index.html runs first (vite.config.ts `earlyRequests`), while the app's
 * code still downloads. With a token in storage it asks for the session user and, on the logistics page, for the
 * list page the page will ask for: the calls run beside the download instead of one after the other once the app
 * has started. The client takes their answers (api/early-answers.ts).
 */
const isTransportTab = (value: string | undefined): value is TransportTab =>
  (TRANSPORT_TABS as readonly string[]).includes(value ?? '');

if (tokens.access()) {
  startEarlyRequest('/auth/me');
  const [, screen, tab, ...rest] = window.location.pathname.split('/');
  if (screen === 'logistics' && isTransportTab(tab) && rest.length === 0) {
    // The size the page opens with (use-list-state.ts): the user's kept choice, else one that fills the screen.
    const limit = rememberedPageSize('logistics', null);
    const state = parseListState(new URLSearchParams(window.location.search), { limit });
    startEarlyRequest('/transport/list', {
      method: 'POST',
      body: listRequestBody(state, (filter) => toTransportFilter(filter, tab)),
    });
  }
}

/** Starts loading the code of the page at this address (the build lists each early page's files in data-pages). */
function preloadPageCode(script: HTMLOrSVGScriptElement | null) {
  const pages = JSON.parse((script as HTMLScriptElement | null)?.dataset.pages ?? '{}') as Record<string, string[]>;
  for (const [prefix, files] of Object.entries(pages)) {
    if (!window.location.pathname.startsWith(prefix)) continue;
    for (const file of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
  }
}

preloadPageCode(document.currentScript);
