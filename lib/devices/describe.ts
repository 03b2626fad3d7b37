/**
 * A device as people recognise it in a list ("Chrome · Android"), from a browser's user agent.
 * Client-safe. Used for the names of passkeys and of the devices that get pushes.
 */
export function describeAgent(ua: string | null | undefined): string {
  if (!ua) return "";
  const platform = /iPhone/.test(ua) ? "iPhone" : /iPad/.test(ua) ? "iPad" : /Android/.test(ua) ? "Android" : /Mac OS X/.test(ua) ? "Mac" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : "";
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "";
  return [browser, platform].filter(Boolean).join(" · ");
}
