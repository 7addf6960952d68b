// CallKit's incoming-call screen over the phone, drawn from status.push.incomingCall:
//
//   status.push.incomingCall: { uuid, caller, isAccepted } | null
//     the call the app reported (`reportNewIncomingCall`) after a VoIP push; while it rings the
//     screen offers Decline (`call decline`) and Accept (`call accept`, which opens the app);
//     once accepted, a green bar ends it (`call end`).
import { h } from "./ui.js";

const $ = (selector) => document.querySelector(selector);

export function createCallScreen({ send }) {
  let shown = "";

  function update(status) {
    const call = status.push?.incomingCall ?? null;
    const key = call ? JSON.stringify(call) : "";
    if (key === shown) return;
    shown = key;
    const screen = $("#call-screen");
    screen.hidden = !call;
    screen.classList.toggle("in-call", Boolean(call?.isAccepted));
    if (!call) return screen.replaceChildren();
    if (call.isAccepted) {
      return screen.replaceChildren(h("button", { type: "button", class: "call-bar", "data-testid": "call-end",
        onclick: () => send("call end") }, `${call.caller} · TheBackgrounder Audio · End`));
    }
    screen.replaceChildren(h("div", { class: "call-ringing", role: "alertdialog", "data-testid": "incoming-call" },
      h("p", { class: "call-kind" }, "TheBackgrounder Audio"),
      h("h2", { "data-testid": "caller" }, call.caller),
      h("div", { class: "call-buttons" },
        h("button", { type: "button", class: "call-decline", "data-testid": "call-decline", onclick: () => send("call decline") }, "Decline"),
        h("button", { type: "button", class: "call-accept", "data-testid": "call-accept", onclick: () => send("call accept") }, "Accept"))));
  }

  return { update };
}
