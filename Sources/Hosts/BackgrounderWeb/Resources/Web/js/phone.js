// The phone: status bar, the app with its tab bar, the springboard with the app's icon and its
// card (the last snapshot the app published, like the app switcher), the Home button.
import { h, svg } from "./ui.js";
import { tabIcons, statusIcons } from "./icons.js";
import { jsonScreen } from "./screens/json.js";

const $ = (selector) => document.querySelector(selector);
const running = new Set(["active", "inactive", "background"]);
/** What the system publishes under `screens` for its own views (the lock screen's Now Playing). */
const systemScreens = new Set(["nowPlaying"]);

/** Which status bar icon an activity ("Playing IronBacon.mp3") shows. */
function activityIcon(activity) {
  if (/play|audio|music/i.test(activity)) return "audio";
  if (/location|gps|route/i.test(activity)) return "location";
  if (/voip|socket|call/i.test(activity)) return "voip";
  if (/download|newsstand|transfer/i.test(activity)) return "download";
  return null;
}

// `tabs` are the screens the tab bar shows, in order; with `published` set (an app that names
// none), each screen the app publishes gets a tab as it first appears: its renderer from
// `renderers` if there is one, else its snapshot as JSON.
export function createPhone({ tabs, renderers, published, send, clock }) {
  const screen = $("#screen");
  const app = $("#app");
  const views = new Map();
  let selected = null;
  let status = null;

  /** Adds a tab for a screen's renderer. */
  function addView(definition) {
    const index = views.size;
    const root = h("section", { class: "screen-view", id: `screen-${definition.name}`, "data-screen": definition.name, "aria-label": definition.title });
    $("#screens").append(root);
    const show = definition.build(root, { send });
    const tab = h("button", { type: "button", class: "tab", "data-tab": definition.name, title: `${definition.title} (${index + 1})`, onclick: () => select(definition.name) },
      svg(tabIcons[definition.name] ?? tabIcons.fetch), h("span", {}, definition.title));
    $("#tabbar").append(tab);
    views.set(definition.name, { definition, root, tab, show, shown: undefined, snapshot: undefined });
    show(undefined);
  }

  /** Adds tabs for the screens the app published that have none yet. */
  function addPublished(screens) {
    const fresh = Object.keys(screens ?? {}).filter((name) => !views.has(name) && !systemScreens.has(name));
    for (const name of fresh) addView(renderers.find((definition) => definition.name === name) ?? jsonScreen(name));
    if (fresh.length > 0 && !views.has(selected)) select(decodeURIComponent(location.hash.slice(1)));
  }

  for (const definition of tabs) addView(definition);

  /** Shows a tab; the page's address keeps it across reloads. */
  function select(name) {
    const view = views.get(name) ?? views.values().next().value;
    if (!view) return;
    selected = view.definition.name;
    for (const { definition, root, tab } of views.values()) {
      const isSelected = definition.name === selected;
      root.classList.toggle("selected", isSelected);
      tab.classList.toggle("selected", isSelected);
      tab.setAttribute("aria-selected", isSelected ? "true" : "false");
    }
    showTitle(view);
    history.replaceState(null, "", `#${selected}`);
  }

  /** The navigation bar's title: the screen's own for its snapshot (a UIKit controller's), else the tab's. */
  function showTitle(view) {
    $("#nav-title").textContent = view.definition.titleOf?.(view.snapshot) || view.definition.title;
  }

  /** Shows the status: the state everywhere, and the snapshots the app last published while it
   * runs or is suspended — what `status` says, even when the publish and the suspension came
   * together; a terminated app's card stays as it was. */
  function update(next) {
    const first = status === null;
    status = next;
    if (published) addPublished(next.screens);
    const state = next.state;
    const foreground = state === "active" || state === "inactive";
    screen.dataset.state = state;
    screen.classList.toggle("foreground", foreground);
    screen.classList.toggle("has-card", state !== "notRunning");
    for (const part of app.children) part.inert = !foreground;
    $("#state-pill").textContent = state;
    $("#profile").textContent = next.profile;
    const icons = [...new Set((next.activities ?? []).map(activityIcon).filter(Boolean))];
    $("#activity-icons").replaceChildren(...icons.map((name) => svg(statusIcons[name])));
    if (first) requestAnimationFrame(() => requestAnimationFrame(() => screen.classList.remove("still")));
    if (running.has(state) || state === "suspended" || first) {
      for (const view of views.values()) {
        const snapshot = next.screens?.[view.definition.name];
        const json = JSON.stringify(snapshot);
        if (json !== view.shown) {
          view.shown = json;
          view.snapshot = snapshot;
          view.show(snapshot);
          if (view.definition.name === selected) showTitle(view);
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
