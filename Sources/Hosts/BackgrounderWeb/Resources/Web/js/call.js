// The phone's calls, over the phone:
//
//   status.push.incomingCall: { uuid, caller, isAccepted } | null
//     the call the app reported (`reportNewIncomingCall`) after a VoIP push; while it rings the
//     screen offers Decline (`call decline`) and Accept (`call accept`, which opens the app);
//     once accepted, a green bar ends it (`call end`).
//   status.interrupted: true
//     a phone call (`interrupt begin`, the Debug panel's Incoming call). Before iOS 14 every
//     incoming call rang full screen (Apple's CallKit documentation, WWDC 2016 session 230: the
//     system's full-screen incoming-call UI; iOS 14 brought the banner): while it rings the
//     screen offers Decline (`interrupt end`) and Accept (`interrupt answer`), and the green
//     "Touch to return to call" bar shows only once the call is answered. From iOS 14 the call
//     is a banner by default, and the bar shows for the whole call.
//
// Whether the phone call rings or was answered is not a field of the status: the system says it
// on the console ("Interruption began (incoming call)", "Call answered", "Interruption ended"),
// which the page follows from its first line on (`noteConsoleLine`). Before the first such line
// an interrupted app that is inactive is taken to be under the ringing screen, which made it so.
import { h, majorVersion } from "./ui.js";

const $ = (selector) => document.querySelector(selector);

const phasesByLine = {
  "Interruption began (incoming call)": "ringing",
  "Call answered": "answered",
  "Interruption ended": null,
};

export function createCallScreen({ send }) {
  let shown = "";
  let status = null;
  /** The phone call's phase as the console last said it: "ringing", "answered", or null. */
  let phase;

  /** Follows the console's lines about the phone call. */
  function noteConsoleLine(line) {
    if (!(line.message in phasesByLine)) return;
    phase = phasesByLine[line.message];
    if (status) update(status);
  }

  /** Whether the phone call rings full screen: before iOS 14, until it is answered. */
  function phoneCallRings(next) {
    if (!next.interrupted || majorVersion(next.profile) >= 14) return false;
    return phase === undefined ? next.state === "inactive" : phase === "ringing";
  }

  function ringing({ kind, caller, testid, decline, accept }) {
    return h("div", { class: "call-ringing", role: "alertdialog", "data-testid": testid },
      h("p", { class: "call-kind" }, kind),
      h("h2", { "data-testid": "caller" }, caller),
      h("div", { class: "call-buttons" },
        h("button", { type: "button", class: "call-decline", "data-testid": "call-decline", onclick: () => send(decline) }, "Decline"),
        h("button", { type: "button", class: "call-accept", "data-testid": "call-accept", onclick: () => send(accept) }, "Accept")));
  }

  function update(next) {
    status = next;
    const call = next.push?.incomingCall ?? null;
    const phoneRings = !call && phoneCallRings(next);
    // The green bar of a call in progress: under the ringing screen there is none.
    const inCall = Boolean(next.interrupted) && !phoneRings;
    $("#callbar").hidden = !inCall;
    $("#screen").classList.toggle("in-call", inCall);
    const key = call ? JSON.stringify(call) : phoneRings ? "phone" : "";
    if (key === shown) return;
    shown = key;
    const screen = $("#call-screen");
    screen.hidden = !key;
    screen.classList.toggle("in-call", Boolean(call?.isAccepted));
    if (!key) return screen.replaceChildren();
    if (phoneRings) {
      return screen.replaceChildren(ringing({ kind: "mobile", caller: "Incoming call", testid: "phone-call",
        decline: "interrupt end", accept: "interrupt answer" }));
    }
    if (call.isAccepted) {
      return screen.replaceChildren(h("button", { type: "button", class: "call-bar", "data-testid": "call-end",
        onclick: () => send("call end") }, `${call.caller} · TheBackgrounder Audio · End`));
    }
    screen.replaceChildren(ringing({ kind: "TheBackgrounder Audio", caller: call.caller, testid: "incoming-call",
      decline: "call decline", accept: "call accept" }));
  }

  return { update, noteConsoleLine };
}
