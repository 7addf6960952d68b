// The six tabs, in the tab bar's order, and the screen of a UIKit-spelled app (uikit.js), which
// shows only when an app publishes it.
//
// Each tab screen is one self-contained renderer of its snapshot, in its own file:
//
//   export default {
//     name: "audio",     // its key in status.screens (what `application.publish(_:for:)` used)
//                        // and in the page's address (#audio)
//     title: "Audio",    // the tab's label and the navigation bar's title
//     titleOf(snapshot), // optional: the navigation bar's title for a snapshot instead
//     build(root, app) { // builds the screen's controls once, inside `root`;
//                        // `app.send("audio play")` runs a command line (errors are shown for you)
//       return (snapshot) => { … }  // shows the screen's last snapshot: undefined until the
//     },                            // screen publishes one, then each time it changes
//   };
//
// The phone (phone.js) does the rest: it greys out and disables the screens while the app is
// not on screen, and stops showing new snapshots while the app is suspended.
import audio from "./audio.js";
import location from "./location.js";
import whatever from "./whatever.js";
import newsstand from "./newsstand.js";
import voip from "./voip.js";
import fetch from "./fetch.js";
import uikit from "./uikit.js";

export const screens = [audio, location, whatever, newsstand, voip, fetch, uikit];
