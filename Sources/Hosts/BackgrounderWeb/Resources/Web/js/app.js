// TheBackgrounder's web UI: wires the phone, the debug tools and the console to the system.
import { fetchApp, fetchCommands, fetchStatus, fetchConsole, runCommand, followLive } from "./api.js";
import { createPhone } from "./phone.js";
import { createDebugPanel } from "./debug.js";
import { createConsole } from "./console.js";
import { createOverlays } from "./overlays.js";
import { createLockScreen } from "./lockscreen.js";
import { createCallScreen } from "./call.js";
import { createPushPanel } from "./push.js";
import { createEnergyPanel } from "./energy.js";
import { screens } from "./screens/index.js";
import { h, initialIcon } from "./ui.js";

const $ = (selector) => document.querySelector(selector);

/** Times that run down between two statuses: extrapolated from the last status received. */
const clock = {
  status: null,
  receivedAt: performance.now(),
  elapsed() { return (performance.now() - this.receivedAt) / 1000; },
  /** Seconds left of `value` (seconds when the status came), or null for unlimited. */
  remaining(value) {
    if (value === null || value === undefined) return null;
    return this.status?.state === "background" ? Math.max(0, value - this.elapsed()) : value;
  },
  uptime() { return (this.status?.uptime ?? 0) + this.elapsed(); },
};

/**
 * Hides the debug tools whose commands the app does not have (a hosted app has no Location or
 * Audio tab): a command's name is its usage's lowercase words (`device power` of
 * `device power external|battery`).
 */
function hideMissingTools(commands) {
  const names = commands.map((command) => command.usage.split(" ").filter((word) => /^[a-z][a-z0-9-]*$/.test(word)).join(" "));
  const available = (line) => names.some((name) => line === name || line.startsWith(`${name} `));
  for (const button of document.querySelectorAll(".debug [data-command]")) button.hidden = !available(button.dataset.command);
  $("#route-row").hidden = $("#gpx-form").hidden = !available("location route none");
}

function toast(line, error) {
  const element = h("div", { class: "toast", role: "alert" }, h("code", {}, line), " — ", error);
  $("#toasts").append(element);
  while ($("#toasts").children.length > 4) $("#toasts").firstElementChild.remove();
  setTimeout(() => element.remove(), 7000);
}

/** Runs a command line; a refusal shows as a toast and in the console. */
async function send(line) {
  const reply = await runCommand(line);
  if (!reply.ok) {
    toast(line, reply.error);
    consolePane.addLocal(`${line}: ${reply.error}`, true);
  }
  return reply;
}

// The app's tabs: the screens it names (TheBackgrounder's six), or every screen it publishes.
const hosted = await fetchApp();
document.title = hosted.name;
$("#springboard-hint").textContent = `Tap the icon to open ${hosted.name}`;
$("#app-icon").title = `Open ${hosted.name} (o)`;
$("#app-name").textContent = hosted.name;
// TheBackgrounder names its tabs; any other app shows its own name, and an icon of its initial.
if (!hosted.tabs) {
  $("#app-icon img").replaceWith(initialIcon(hosted.name));
  $(".debug-header img").replaceWith(initialIcon(hosted.name, { small: true }));
  $("#app-icon-label").textContent = hosted.name;
}
const promptName = hosted.tabs ? "backgrounder" : hosted.name;
$("label[for=prompt-input]").textContent = `(${promptName})`;
hideMissingTools(await fetchCommands());
const tabs = hosted.tabs ? hosted.tabs.map((name) => screens.find((screen) => screen.name === name)).filter(Boolean) : [];
const consolePane = createConsole({ run: runCommand, promptName });
const phone = createPhone({ tabs, renderers: screens, published: !hosted.tabs, send, clock });
const debug = createDebugPanel({ send, clock });
const overlays = createOverlays({ send });
const lockScreen = createLockScreen({ send, clock });
const callScreen = createCallScreen({ send });
const pushPanel = createPushPanel({ send });
const energyPanel = createEnergyPanel();

/** Shows a status; `measuredNow` is false for a state change applied to the last status. */
function apply(status, measuredNow = true) {
  clock.status = status;
  if (measuredNow) clock.receivedAt = performance.now();
  document.body.dataset.state = status.state;
  phone.update(status);
  debug.update(status);
  overlays.update(status);
  lockScreen.update(status);
  callScreen.update(status);
  pushPanel.update(status);
}

function onEvent(event) {
  switch (event.type) {
    case "status": apply(event.status); break;
    case "state": if (clock.status) apply({ ...clock.status, state: event.to }, false); break;
    case "console":
      consolePane.add(event.line);
      debug.noteConsoleLine(event.line);
      callScreen.noteConsoleLine(event.line);
      break;
  }
}

function onConnection(up) {
  $("#offline").hidden = up;
  $("#live").dataset.live = String(up);
  $("#live").textContent = up ? "live" : "offline";
}

async function start() {
  try {
    const [status, page] = await Promise.all([fetchStatus(), fetchConsole()]);
    apply(status);
    for (const line of page.lines) {
      consolePane.add(line);
      debug.noteConsoleLine(line);
      callScreen.noteConsoleLine(line);
    }
  } catch {
    onConnection(false);
    setTimeout(start, 1000);
    return;
  }
  followLive({ after: consolePane.lastSequence, onEvent, onConnection });
  energyPanel.start();
}

/** Scales the phone to the window: to its height beside the tools, to its width above them. */
function fitPhone() {
  const bezel = innerWidth > 480;
  const zoom = innerWidth > 980
    ? Math.min(1, (innerHeight - 32) / 847)
    : Math.min(bezel ? 1 : 1.15, (innerWidth - (bezel ? 20 : 8)) / (bezel ? 415 : 375));
  document.documentElement.style.setProperty("--phone-zoom", zoom.toFixed(3));
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const typing = event.target.matches?.("input, textarea, select, [contenteditable]");
  if (event.key === "Escape") {
    if (typing) event.target.blur();
    return;
  }
  if (typing || $("#shortcuts").open) return;
  switch (event.key) {
    case "h": $("#home-button").click(); break;
    case "o": send("open"); break;
    case "l": lockScreen.toggle(); break;
    case "f": send("fetch simulate"); break;
    case "i": debug.toggleCall(); break;
    case "/": $("#console-filter").focus(); break;
    case ":": $("#prompt-input").focus(); break;
    case "?": $("#shortcuts").showModal(); break;
    default:
      if (!/^[1-6]$/.test(event.key)) return;
      phone.selectIndex(Number(event.key) - 1);
  }
  event.preventDefault();
});

addEventListener("resize", fitPhone);
fitPhone();
setInterval(() => { phone.tick(); debug.tick(); lockScreen.tick(); }, 200);
start();
