// The phone: status bar, the app with its tab bar, the springboard with the app's icon and its
// card (the last snapshot, like the app switcher), the Home button.
import { h, svg } from "./ui.js";
import { tabIcons, statusIcons } from "./icons.js";

const $ = (selector) => document.querySelector(selector);
const running = new Set(["active", "inactive", "background"]);

/** Which status bar icon an activity ("Playing IronBacon.mp3") shows. */
function activityIcon(activity) {
  if (/play|audio|music/i.test(activity)) return "audio";
  if (/location|gps|route/i.test(activity)) return "location";
  if (/voip|socket|call/i.test(activity)) return "voip";
  if (/download|newsstand|transfer/i.test(activity)) return "download";
  return null;
}

export function createPhone({ screens, send, clock }) {
  const screen = $("#screen");
  const app = $("#app");
  const views = new Map();
  let selected = null;
  let status = null;

  for (const [index, definition] of screens.entries()) {
    const root = h("section", { class: "screen-view", id: `screen-${definition.name}`, "data-screen": definition.name, "aria-label": definition.title });
    $("#screens").append(root);
    const show = definition.build(root, { send });
    const tab = h("button", { type: "button", class: "tab", "data-tab": definition.name, title: `${definition.title} (${index + 1})`, onclick: () => select(definition.name) },
      svg(tabIcons[definition.name] ?? tabIcons.fetch), h("span", {}, definition.title));
    $("#tabbar").append(tab);
    views.set(definition.name, { definition, root, tab, show, shown: undefined });
    show(undefined);
  }

  /** Shows a tab; the page's address keeps it across reloads. */
  function select(name) {
    const view = views.get(name) ?? views.values().next().value;
    selected = view.definition.name;
    for (const { definition, root, tab } of views.values()) {
      const isSelected = definition.name === selected;
      root.classList.toggle("selected", isSelected);
      tab.classList.toggle("selected", isSelected);
      tab.setAttribute("aria-selected", isSelected ? "true" : "false");
    }
    $("#nav-title").textContent = view.definition.title;
    history.replaceState(null, "", `#${selected}`);
  }

  /** Shows the status: the state everywhere, the snapshots only while the app can draw them. */
  function update(next) {
    const first = status === null;
    status = next;
    const state = next.state;
    const foreground = state === "active" || state === "inactive";
    screen.dataset.state = state;
    screen.classList.toggle("foreground", foreground);
    screen.classList.toggle("has-card", state !== "notRunning");
    for (const part of app.children) part.inert = !foreground;
    $("#state-pill").textContent = state;
    $("#profile").textContent = next.profile;
    $("#callbar").hidden = !next.interrupted;
    screen.classList.toggle("in-call", Boolean(next.interrupted));
    const icons = [...new Set((next.activities ?? []).map(activityIcon).filter(Boolean))];
    $("#activity-icons").replaceChildren(...icons.map((name) => svg(statusIcons[name])));
    if (first) requestAnimationFrame(() => requestAnimationFrame(() => screen.classList.remove("still")));
    if (running.has(state) || first) {
      for (const view of views.values()) {
        const snapshot = next.screens?.[view.definition.name];
        const json = JSON.stringify(snapshot);
        if (json !== view.shown) {
          view.shown = json;
          view.show(snapshot);
        }
      }
    }
    tick();
  }

  /** Redraws what changes with time alone: the clock and the background time left. */
  function tick() {
    const now = new Date();
    $("#clock").textContent = now.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
    if (!status) return;
    const caption = $("#card-caption");
    switch (status.state) {
      case "suspended":
        caption.replaceChildren("Suspended", h("small", {}, "the last snapshot; nothing runs"));
        break;
      case "background": {
        const left = clock.remaining(status.backgroundTimeRemaining);
        const detail = (status.activities ?? []).join(" · ")
          || (left === null ? "running" : `${left.toFixed(1)} s of background time left`);
        caption.replaceChildren("In the background", h("small", {}, detail));
        break;
      }
      default:
        caption.replaceChildren();
    }
  }

  $("#home-button").addEventListener("click", () => send("home"));
  $("#app-icon").addEventListener("click", () => send("open"));
  app.addEventListener("click", () => { if (!screen.classList.contains("foreground")) send("open"); });
  select(decodeURIComponent(location.hash.slice(1)));

  return {
    update,
    tick,
    select,
    selectIndex: (index) => { const view = [...views.values()][index]; if (view) select(view.definition.name); },
  };
}
