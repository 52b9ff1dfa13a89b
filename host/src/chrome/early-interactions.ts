const STARTED_EVENT = 'atrium:started';

// Controls whose taps would be lost before the app starts (links are left alone: they work without
// scripts, as plain links; labels pass their taps on to their inputs).
const CONTROLS =
  'button,[role="button"],[role="tab"],[role="radio"],[role="checkbox"],[role="switch"],[role="option"],summary,input[type="submit"]';

// After this long without the app, taps are no longer held (the page may never start).
const HOLD_AT_MOST_MS = 15_000;

/**
 * A page rendered on the server is on screen before its scripts have run, and a tap on a control
 * then would do nothing: React has not attached its handlers yet. This script, inlined at the top of
 * such a page, holds taps on controls and form submissions until the app has started, then replays
 * them on the same elements (hydration keeps them). A checkbox or radio button is let to change at
 * once (a tap shows), then put back and tapped again once the app can hear it.
 */
export const HOLD_EARLY_INTERACTIONS = `(function(){var held=[];function hold(event){var target=event.target;if(!target||!target.closest)return;if(event.type==='click'&&target.matches('input[type="checkbox"],input[type="radio"]')){held.push(['toggle',target,target.checked]);return;}var control=event.type==='submit'?target:target.closest('${CONTROLS}');if(!control)return;event.preventDefault();event.stopPropagation();held.push([event.type,control]);}function stop(){document.removeEventListener('click',hold,true);document.removeEventListener('submit',hold,true);}document.addEventListener('click',hold,true);document.addEventListener('submit',hold,true);setTimeout(stop,${HOLD_AT_MOST_MS});document.addEventListener('${STARTED_EVENT}',function(){stop();held.splice(0).forEach(function(entry){var control=entry[1];if(!control.isConnected)return;if(entry[0]==='submit'){control.requestSubmit();}else if(entry[0]==='toggle'){control.checked=!entry[2];control.click();}else{control.click();}});},{once:true});})();`;

/** Tells the page's inline script that the app is live, so held interactions are replayed now. */
export function announceStarted(doc: Document = document) {
  doc.dispatchEvent(new Event(STARTED_EVENT));
}
