const STARTED_EVENT = 'atrium:started';

// Controls whose taps would be lost before the app starts (links are left alone: they work without
// scripts, as plain links; labels pass their taps on to their inputs).
const CONTROLS =
  'button,[role="button"],[role="tab"],[role="radio"],[role="checkbox"],[role="switch"],[role="option"],summary,input[type="submit"]';

// After this long without the app, taps are no longer held (the page may never start).
const HOLD_AT_MOST_MS = 15_000;

/**
 * A page rendered on the server is on screen before its scripts have run, and what a client does
 * then would be lost: React has not attached its handlers yet. This script, inlined at the top of
 * such a page, keeps it until the app has started, then gives it to the app on the same elements
 * (hydration keeps them):
 * - taps on controls and form submissions are held, then replayed;
 * - a checkbox or radio button changes at once (the tap shows), then is put back and tapped again;
 * - text typed in a field stays, and is handed to the app as if typed now (the field's value is
 *   set through its own setter, which the app watches, then an input event is sent).
 * Only what the server rendered (inside #root) is held: anything outside it, such as a dialog the app
 * has opened in a portal, was rendered by the app and is live already, even before the start is
 * announced (on a slow machine the header can take a tap before the page's effects have run).
 */
export const HOLD_EARLY_INTERACTIONS = `(function(){var held=[];function hold(event){var target=event.target;if(!target||!target.closest||!target.closest('#root'))return;if(event.type==='input'||event.type==='change'){if(target.matches('input,textarea,select')&&!target.matches('[type="checkbox"],[type="radio"]'))held.push(['value',target,target.value]);return;}if(event.type==='click'&&target.matches('input[type="checkbox"],input[type="radio"]')){held.push(['toggle',target,target.checked]);return;}var control=event.type==='submit'?target:target.closest('${CONTROLS}');if(!control)return;event.preventDefault();event.stopPropagation();held.push([event.type,control]);}var kinds=['click','submit','input','change'];function stop(){kinds.forEach(function(kind){document.removeEventListener(kind,hold,true);});}kinds.forEach(function(kind){document.addEventListener(kind,hold,true);});setTimeout(stop,${HOLD_AT_MOST_MS});function setValue(field,value){var proto=Object.getPrototypeOf(field);var own=Object.getOwnPropertyDescriptor(proto,'value');field.value=value===''?' ':'';own.set.call(field,value);field.dispatchEvent(new Event(field.tagName==='SELECT'?'change':'input',{bubbles:true}));}document.addEventListener('${STARTED_EVENT}',function(){stop();var last=new Map();held.forEach(function(entry){if(entry[0]==='value')last.set(entry[1],entry[2]);});held.splice(0).forEach(function(entry){var control=entry[1];if(!control.isConnected)return;if(entry[0]==='value'){if(last.has(control)){setValue(control,last.get(control));last.delete(control);}}else if(entry[0]==='submit'){control.requestSubmit();}else if(entry[0]==='toggle'){control.checked=!entry[2];control.click();}else{control.click();}});},{once:true});})();`;

/** Tells the page's inline script that the app is live, so held interactions are replayed now. */
export function announceStarted(doc: Document = document) {
  doc.dispatchEvent(new Event(STARTED_EVENT));
}
