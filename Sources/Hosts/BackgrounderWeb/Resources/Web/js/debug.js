// Xcode's side of the window: the Debug menu's simulations, the device's facts, the Info.plist
// modes in effect, diagnostics, and the background task assertions with their time remaining.
import { fetchRules } from "./api.js";
import { h, quoted, toggle } from "./ui.js";

const $ = (selector) => document.querySelector(selector);

export function createDebugPanel({ send, clock }) {
  let status = null;
  let route = null;

  for (const button of document.querySelectorAll(".debug [data-command]")) {
    button.addEventListener("click", () => send(button.dataset.command));
  }
  $("#call-button").addEventListener("click", () => toggleCall());
  for (const button of document.querySelectorAll("#route [data-route]")) {
    button.addEventListener("click", () => send(`location route ${button.dataset.route}`));
  }
  $("#gpx-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const path = $("#gpx-path").value.trim();
    if (path) send(`location route ${quoted(path)}`);
  });

  /**
   * Follows the console: the system says which source the location service uses
   * ("Location source: Freeway Drive", "… gpsd at 127.0.0.1:2947", "… track.gpx"), so the
   * highlighted route is right after a reload and whoever chose it.
   */
  function noteConsoleLine(line) {
    const source = /^Location source: (.*)$/.exec(line.message)?.[1];
    if (source === undefined) return;
    const button = [...document.querySelectorAll("#route [data-route]")].find((candidate) => candidate.textContent === source);
    showRoute(button?.dataset.route ?? (source.startsWith("gpsd at ") ? "none" : null));
  }

  function showRoute(name) {
    route = name;
    for (const button of document.querySelectorAll("#route [data-route]")) {
      button.classList.toggle("selected", button.dataset.route === route);
      button.setAttribute("aria-checked", button.dataset.route === route ? "true" : "false");
    }
  }

  /** An incoming call begins, or the call ends. */
  function toggleCall() {
    return send(status?.interrupted ? "interrupt end" : "interrupt begin");
  }

  /**
   * The device's settings that decide what runs in the background, as switches before the
   * Prewarm button: Settings ▸ General ▸ Background App Refresh (all apps, and this app's own),
   * and Focus. Each flip sends its `device …` command; each status shows what the system has.
   */
  const settings = [
    ["background-refresh", "Background App Refresh", "Background App Refresh", (device) => device.backgroundAppRefresh === "on", "device background-refresh"],
    ["background-refresh-app", "This app", "Background App Refresh for this app", (device) => device.backgroundAppRefreshForApp === "on", "device background-refresh-app"],
    ["focus", "Focus", "Focus", (device) => device.focus === true, "device focus"],
  ].map(([id, label, description, read, command]) => {
    const control = toggle(description, (on) => send(`${command} ${on ? "on" : "off"}`));
    control.element.dataset.testid = `setting-${id}`;
    $("#settings").insertBefore(h("div", { class: "setting" }, h("span", {}, label), control.element), $("#settings [data-command]"));
    return { read, set: control.set };
  });

  let rulesProfile = null;

  /** Shows the rules of the running profile, fetched again only when the profile changes. */
  async function showRules(profile) {
    if (profile === rulesProfile) return;
    rulesProfile = profile;
    const rules = await fetchRules();
    $("#rules-era").textContent = `${profile} · ${rules.length} rules`;
    $("#rules").replaceChildren(...rules.map((rule) => h("li", { class: `rule ${rule.origin === "model" ? "model" : "ios"}` },
      h("div", { class: "rule-head" }, h("span", { class: "origin" }, rule.origin), h("code", {}, rule.id), h("span", { class: "muted" }, rule.eras)),
      h("p", {}, rule.statement),
      h("p", { class: "muted" }, `${rule.origin === "model" ? "Model: " : "Source: "}${rule.source} · test ${rule.test}`))));
  }

  function update(next) {
    status = next;
    showRules(next.profile).catch(() => { rulesProfile = null; });
    $("#device-summary").textContent = `${next.profile} · ${next.state}${next.launchReason ? ` · launched for ${next.launchReason}` : ""}`;
    for (const setting of settings) setting.set(next.device ? setting.read(next.device) : false);
    const call = $("#call-button");
    call.textContent = next.interrupted ? "End call" : "Incoming call";
    call.classList.toggle("on", Boolean(next.interrupted));
    const modes = next.backgroundModes ?? [];
    $("#modes").replaceChildren(...(modes.length
      ? modes.map((mode) => h("li", { class: "on" }, mode))
      : [h("li", {}, "none: the app is suspended as soon as it leaves the screen")]));
    const rules = Object.entries(next.diagnosticRules ?? {}).sort();
    $("#diagnostics").replaceChildren(...(rules.length
      ? rules.map(([rule, count]) => h("li", { class: "warn" }, `${rule} × ${count}`))
      : [h("li", {}, "none")]));
    tick();
  }

  const facts = new Map();
  /** Where the app's code runs: `process 4242 (cgroup v2 freezer, 200 MB limit)`, or the system's process. */
  function isolation(where) {
    if (!where || where.mode !== "process") return "thread (the system's process)";
    const freezer = where.freezer === "cgroup" ? "cgroup v2 freezer" : "SIGSTOP";
    const how = where.memoryLimit ? `${freezer}, ${Math.round(where.memoryLimit / 1048576)} MB limit` : freezer;
    return where.appPid ? `process ${where.appPid} (${how})` : `own process, not running (${how})`;
  }

  /** The device's conditions (`status.device`) in a few words: what differs from a device in use. */
  function conditions(device) {
    if (!device) return "—";
    const words = [`battery ${device.batteryLevel} %${device.power === "external" ? ", charging" : ""}`];
    if (device.locked) words.push("locked");
    if (!device.unlockedSinceBoot) words.push("not unlocked since boot");
    if (device.lowPowerMode) words.push("Low Power Mode");
    if (device.thermalState !== "nominal") words.push(`thermal ${device.thermalState}`);
    if (device.network !== "online") words.push(device.network);
    if (device.backgroundAppRefresh !== "on") words.push(`Background App Refresh ${device.backgroundAppRefresh}`);
    if (device.backgroundAppRefreshForApp === "off") words.push("Background App Refresh off for the app");
    if (device.focus) words.push("Focus on");
    return words.join(", ");
  }

  /** The memory jetsam weighs (`status.memory`): `foreground, 42 MB (measured); also in memory: Photos 150 MB (suspended)`. */
  function memory(memory) {
    if (!memory) return "—";
    const megabytes = (bytes) => `${Math.round(bytes / 1048576)} MB`;
    const own = memory.band
      ? `${memory.band}, ${memory.footprint === null ? "footprint unknown" : `${megabytes(memory.footprint)} (${memory.footprintSource})`}`
      : "not running";
    const others = (memory.residentApps ?? []).map((app) => `${app.name} ${megabytes(app.footprint)} (${app.band})`);
    return others.length ? `${own}; also in memory: ${others.join(", ")}` : own;
  }

  for (const term of ["State", "Profile", "Launch reason", "Background time", "Activities", "Isolation", "Device", "Memory", "Uptime"]) {
    const value = h("dd", { "data-fact": term });
    facts.set(term, value);
    $("#facts").append(h("dt", {}, term), value);
  }
  let assertionRows = [];
  let assertionKey = null;

  /** Redraws the facts and the assertions' time remaining, which change with time alone. */
  function tick() {
    if (!status) return;
    const left = clock.remaining(status.backgroundTimeRemaining);
    const values = {
      "State": status.state,
      "Profile": status.profile,
      "Launch reason": status.launchReason ?? "—",
      "Background time": left === null ? "unlimited" : `${left.toFixed(1)} s`,
      "Activities": (status.activities ?? []).join(", ") || "none",
      "Isolation": isolation(status.isolation),
      "Device": conditions(status.device),
      "Memory": memory(status.memory),
      "Uptime": `${Math.floor(clock.uptime())} s`,
    };
    for (const [term, value] of Object.entries(values)) {
      if (facts.get(term).textContent !== value) facts.get(term).textContent = value;
    }
    const assertions = status.assertions ?? [];
    const key = JSON.stringify(assertions.map(({ name, identifier, begunAt }) => [name, identifier, begunAt]));
    if (key !== assertionKey) {
      assertionKey = key;
      assertionRows = assertions.map((assertion) => {
        const remainingCell = h("td", { class: "remaining" });
        const row = h("tr", {},
          h("td", {}, assertion.name ?? "(no name)"),
          h("td", {}, String(assertion.identifier)),
          remainingCell,
          h("td", {}, assertion.begunAt));
        return { row, remainingCell };
      });
      $("#assertions").replaceChildren(...(assertionRows.length
        ? assertionRows.map(({ row }) => row)
        : [h("tr", {}, h("td", { class: "empty", colspan: 4 }, "No assertions held"))]));
    }
    for (const [index, { remainingCell }] of assertionRows.entries()) {
      const time = clock.remaining(assertions[index].timeRemaining);
      remainingCell.textContent = time === null ? "unlimited (in the foreground)" : `${time.toFixed(1)} s`;
      remainingCell.classList.toggle("low", time !== null && time < 10);
    }
  }

  return { update, tick, toggleCall, noteConsoleLine };
}
