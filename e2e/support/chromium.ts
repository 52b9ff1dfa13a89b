/** Debian's Chromium, as every browser run of this project launches it (never a downloaded browser). */
export const chromiumExecutable = '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
