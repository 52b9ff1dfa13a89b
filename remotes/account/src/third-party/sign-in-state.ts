// The OAuth `state` of a Google or Apple sign-in carries the path to return to, base64-encoded
// (UTF-8, URL-safe alphabet, no padding) so it survives the round trip through the provider.

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A path of this site (with its query), as the state sent to the provider. */
export function encodeSignInState(path: string): string {
  return toBase64Url(new TextEncoder().encode(path));
}

/**
 * The path a state names, or null when there is none or it is not a path of this site: only
 * same-origin paths are followed, so a forged state cannot send the user to another site.
 */
export function decodeSignInState(state: string | null | undefined): string | null {
  if (!state) return null;
  let path: string;
  try {
    path = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(state));
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  // Control characters (a newline, a tab) have no place in a path and can confuse URL parsers.
  for (const char of path) if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return null;
  return path;
}
