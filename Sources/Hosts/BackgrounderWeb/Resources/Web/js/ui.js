// Small DOM helpers shared by the page and the tab screens. No framework.

/**
 * Makes an element: h("button", { class: "ios-button", onclick }, "Play").
 * Attributes starting with "on" are listeners; `false`/`null` attributes are left out.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

/** An SVG element from markup we wrote ourselves (icons). */
export function svg(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup.trim();
  return template.content.firstElementChild;
}

/** A titled group of iOS table cells. */
export function group(title, ...cells) {
  return h("section", { class: "group" },
    title ? h("h2", { class: "group-title" }, title) : null,
    h("div", { class: "cells" }, ...cells));
}

/** A cell: a label on the left, anything on the right. */
export function cell(label, ...right) {
  return h("div", { class: "cell" }, h("span", {}, label), ...right);
}

/** A filled iOS button that runs `action` on click. */
export function button(title, action, { secondary = false, testid } = {}) {
  return h("button", { type: "button", class: secondary ? "ios-button secondary" : "ios-button", "data-testid": testid, onclick: action }, title);
}

/** An on/off switch; `set(on)` shows a value, `onchange(on)` gets the user's flips. */
export function toggle(label, onchange) {
  const control = h("button", { type: "button", class: "switch", role: "switch", "aria-checked": "false", "aria-label": label });
  control.addEventListener("click", () => onchange(control.getAttribute("aria-checked") !== "true"));
  return { element: control, set: (on) => control.setAttribute("aria-checked", on ? "true" : "false") };
}

/** An iOS segmented control; `select(value)` shows one, `onselect(value)` gets taps. */
export function segmented(options, onselect) {
  const element = h("div", { class: "ios-segmented", role: "radiogroup" },
    options.map(([value, title]) => h("button", { type: "button", role: "radio", "data-value": value, onclick: () => onselect(value) }, title)));
  const select = (value) => {
    for (const item of element.children) {
      const selected = item.dataset.value === value;
      item.classList.toggle("selected", selected);
      item.setAttribute("aria-checked", selected ? "true" : "false");
    }
  };
  return { element, select };
}

/** A progress bar; `set(fraction)` with 0…1, or null to hide the fill. */
export function progress() {
  const fill = h("div");
  const element = h("div", { class: "progress", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100" }, fill);
  return {
    element,
    set(fraction) {
      const percent = Number.isFinite(fraction) ? Math.max(0, Math.min(1, fraction)) * 100 : 0;
      fill.style.width = `${percent}%`;
      element.setAttribute("aria-valuenow", String(Math.round(percent)));
    },
  };
}

/** A cell with a label and a value; `set(text)` shows the value ("—" for none). */
export function valueCell(label, testid) {
  const value = h("span", { class: "value", "data-testid": testid }, "—");
  return {
    element: cell(label, value),
    set(text) {
      const shown = text === null || text === undefined || text === "" ? "—" : String(text);
      if (value.textContent !== shown) value.textContent = shown;
    },
  };
}

/** "2026-11-22T02:22:05Z" → the local time, "2:22:05 AM"; null → null. */
export function localTime(iso) {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString();
}

/** A command-line word that keeps its spaces and quotes: `/tmp/My Route.gpx` → `"/tmp/My Route.gpx"`. */
export function quoted(text) {
  return `"${text.replace(/(["\\])/g, "\\$1")}"`;
}

/** 83.4 → "1:23". */
export function minutesAndSeconds(seconds) {
  if (!Number.isFinite(seconds) || seconds < 0) return "0:00";
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** A plain app icon with `name`'s initial, for an app that has no icon of its own; `small` for the debug pane's header. */
export function initialIcon(name, { small = false } = {}) {
  return h("span", { class: small ? "initial-icon small" : "initial-icon", "aria-hidden": "true" }, (name.trim()[0] ?? "?").toUpperCase());
}

/** The iOS major version of a profile's name ("iOS 10" → 10), or Infinity when it has none. */
export function majorVersion(profile) {
  const match = /iOS (\d+)/.exec(profile ?? "");
  return match ? Number(match[1]) : Infinity;
}
