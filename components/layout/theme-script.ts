/**
 * Runs before first paint so the page never flashes the wrong theme: a stored choice wins,
 * otherwise the system preference. Served with the request's CSP nonce.
 */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem("theme");var d=t==="dark"||(t!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;
