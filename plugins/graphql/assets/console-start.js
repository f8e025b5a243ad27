/*
 * Starts GraphiQL in the console page (./console.ts). A file of its own rather than an inline
 * script, so that the page runs under a Content-Security-Policy that allows scripts from 'self' only.
 */
(() => {
  // biome-ignore lint/suspicious/noRedundantUseStrict: a classic browser script, not a module: strict mode is not implied
  'use strict';
  var root = document.getElementById('graphiql');
  var fetcher = window.GraphiQL.createFetcher({ url: root.getAttribute('data-endpoint') });
  root.textContent = '';
  document.body.style.margin = '0';
  root.style.height = '100vh';
  window.ReactDOM.createRoot(root).render(window.React.createElement(window.GraphiQL, { fetcher: fetcher }));
})();
