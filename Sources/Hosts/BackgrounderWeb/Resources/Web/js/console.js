// The console pane: the device's console streaming live, a filter, and a prompt that runs
// command lines.
import { h } from "./ui.js";

const $ = (selector) => document.querySelector(selector);
const MAX_LINES = 5000;

export function createConsole({ run, promptName }) {
  const view = $("#console");
  const filterInput = $("#console-filter");
  const entries = [];
  let lastSequence = 0;
  let filter = "";
  const history = [];
  let historyIndex = 0;

  const atBottom = () => view.scrollHeight - view.scrollTop - view.clientHeight < 24;

  function render(entry) {
    entry.element.replaceChildren(...entry.parts.map(([text, kind]) => highlight(text, kind)));
    entry.element.hidden = filter !== "" && !entry.search.includes(filter);
  }

  function highlight(text, kind) {
    const span = h("span", { class: kind });
    if (!filter) { span.textContent = text; return span; }
    const lower = text.toLowerCase();
    let start = 0;
    for (let index = lower.indexOf(filter); index !== -1; index = lower.indexOf(filter, start)) {
      span.append(text.slice(start, index), h("mark", {}, text.slice(index, index + filter.length)));
      start = index + filter.length;
    }
    span.append(text.slice(start));
    return span;
  }

  function append(parts, kind) {
    const stick = atBottom();
    const entry = {
      parts,
      search: parts.map(([text]) => text).join("").toLowerCase(),
      element: h("span", { class: `line ${kind}` }),
    };
    render(entry);
    entries.push(entry);
    view.append(entry.element);
    while (entries.length > MAX_LINES) entries.shift().element.remove();
    if (stick) view.scrollTop = view.scrollHeight;
    count();
  }

  function count() {
    const shown = entries.filter((entry) => !entry.element.hidden).length;
    $("#console-count").textContent = filter ? `${shown} of ${entries.length} lines` : `${entries.length} lines`;
  }

  /** Adds a line of the device's console ({sequence, text, message}). */
  function add(line) {
    if (line.sequence <= lastSequence) return;
    if (lastSequence > 0 && line.sequence > lastSequence + 1) {
      append([[`… ${line.sequence - lastSequence - 1} lines not shown (the page fell behind)`, "gap"]], "gap");
    }
    lastSequence = line.sequence;
    const prefix = line.text.slice(0, line.text.length - line.message.length);
    const [date, time, process] = prefix.trim().split(" ");
    const kind = line.message.startsWith("State:") ? "state" : line.message.startsWith("Diagnostic") ? "diagnostic" : "message";
    append([[`${date} ${time} `, "time"], [`${process} `, "process"], [line.message, kind]], "device");
  }

  /** Adds a line of the page's own (a command typed, its answer, an error). */
  function addLocal(text, isError = false) {
    for (const line of String(text).split("\n")) append([[line, isError ? "local error" : "local"]], "local");
  }

  filterInput.addEventListener("input", () => {
    filter = filterInput.value.trim().toLowerCase();
    for (const entry of entries) render(entry);
    count();
    view.scrollTop = view.scrollHeight;
  });
  $("#console-clear").addEventListener("click", () => {
    entries.splice(0).forEach((entry) => entry.element.remove());
    count();
  });
  const prompt = $("#prompt-input");
  $("#prompt").addEventListener("submit", async (event) => {
    event.preventDefault();
    const line = prompt.value.trim();
    if (!line) return;
    history.push(line);
    historyIndex = history.length;
    prompt.value = "";
    addLocal(`(${promptName}) ${line}`);
    const reply = await run(line);
    if (reply.output) addLocal(reply.output);
    if (!reply.ok) addLocal(`error: ${reply.error}`, true);
  });
  prompt.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    event.preventDefault();
    historyIndex = Math.max(0, Math.min(history.length, historyIndex + (event.key === "ArrowUp" ? -1 : 1)));
    prompt.value = history[historyIndex] ?? "";
  });

  return { add, addLocal, lastSequence: () => lastSequence };
}
