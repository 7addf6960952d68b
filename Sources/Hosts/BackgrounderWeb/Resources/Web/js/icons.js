// The tab bar's and the status bar's icons, drawn here (no icon font, no CDN).

export const tabIcons = {
  audio: `<svg viewBox="0 0 24 24"><path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/></svg>`,
  location: `<svg viewBox="0 0 24 24"><path d="M21 3 3 10.5l7.5 3 3 7.5z"/></svg>`,
  whatever: `<svg viewBox="0 0 24 24"><circle cx="12" cy="13" r="8"/><path d="M12 9v4l2.5 2.5M10 2h4M12 2v3"/></svg>`,
  newsstand: `<svg viewBox="0 0 24 24"><path d="M4 5h13v14H6a2 2 0 0 1-2-2z"/><path d="M17 9h3v8a2 2 0 0 1-2 2h-1M7.5 9h6M7.5 12.5h6M7.5 16h4"/></svg>`,
  voip: `<svg viewBox="0 0 24 24"><path d="M5 3.5h3.5l1.8 4.6-2.3 1.5a11 11 0 0 0 6.4 6.4l1.5-2.3 4.6 1.8V19a2 2 0 0 1-2 2A16.5 16.5 0 0 1 3 5.5a2 2 0 0 1 2-2z"/></svg>`,
  fetch: `<svg viewBox="0 0 24 24"><path d="M20 12a8 8 0 1 1-2.4-5.7"/><path d="M20 4v5h-5"/></svg>`,
  uikit: `<svg viewBox="0 0 24 24"><rect x="4" y="3" width="16" height="18" rx="2"/><path d="M8 8h8M8 12h8M8 16h5"/></svg>`,
};

export const statusIcons = {
  audio: `<svg viewBox="0 0 12 12" aria-label="Playing audio"><path d="M2 1.5v9l8-4.5z"/></svg>`,
  location: `<svg viewBox="0 0 12 12" aria-label="Using location"><path d="M11 1 1 5.2l4.3 1.5L6.8 11z"/></svg>`,
  voip: `<svg viewBox="0 0 12 12" aria-label="VoIP"><path d="M2.5 1h2l1 2.5-1.3.8a6 6 0 0 0 3.5 3.5l.8-1.3 2.5 1v2a1 1 0 0 1-1 1A9 9 0 0 1 1.5 2a1 1 0 0 1 1-1z"/></svg>`,
  download: `<svg viewBox="0 0 12 12" aria-label="Downloading"><path d="M6 1v7M3 5.5 6 8.5l3-3M2 11h8" stroke="currentColor" stroke-width="1.6" fill="none"/></svg>`,
};

/** The lock screen's Now Playing controls, filled. */
export const mediaIcons = {
  previous: `<svg viewBox="0 0 24 24"><path d="M6 5h2v14H6zM20 5v14L9 12z"/></svg>`,
  play: `<svg viewBox="0 0 24 24"><path d="M7 4.5v15L19.5 12z"/></svg>`,
  pause: `<svg viewBox="0 0 24 24"><path d="M6.5 5h4v14h-4zM13.5 5h4v14h-4z"/></svg>`,
  next: `<svg viewBox="0 0 24 24"><path d="M16 5h2v14h-2zM4 5v14l11-7z"/></svg>`,
};
