// What the content script leaves in the page, by name. Since the overlay (overlay.js), the page's
// own DOM is never changed by a diff result: the one element of ours, UI_TAG, is put in every
// page the script runs in, whatever the answer, and everything else is in its closed shadow root.
// The older names are kept to sweep what an older copy of this script may have left.

export const UI_TAG = 'sincelast-ui';
export const TAKEOVER_EVENT = 'sincelast:takeover';

// Left by copies of this script from before the overlay: swept at start (lifecycle.js).
export const ATTR = 'data-sincelast';
export const WORD_ATTR = 'data-sincelast-word';
export const FOCUS_ATTR = 'data-sincelast-focus';
export const AUTO_ATTR = 'data-sincelast-auto';
export const SAVED_STYLE_ATTR = 'data-sincelast-style';
export const REMOVED_TAG = 'sincelast-removed';
