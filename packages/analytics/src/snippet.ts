/**
 * The loader snippet for a plain HTML page (docs/analytics.md, examples/script-tag): put it inline
 * before the `<script async src=".../analytics.iife.js">` tag. It defines `window.sa` as a stub
 * whose methods (`init`, `track`, `trackPageview`, `register`, `setProfile`, `login`, `logout`,
 * `grant`, `deny`) queue their calls in `sa.q`; the script replays
 * them when it loads (`init` calls first, merged into its options) and replaces `window.sa` with the
 * tracker. ES5, 220 bytes.
 */
export const SNIPPET =
  "(function(w,n){var s=w[n]=w[n]||{q:[]};'init track trackPageview register setProfile login logout grant deny'.split(' ').forEach(function(m){s[m]=s[m]||function(){s.q.push([m,[].slice.call(arguments)])}})})(window,'sa');";
