// Fetch: the Update button and the time label ("Background Fetch").
import { h, button, group, valueCell, localTime } from "../ui.js";

export default {
  name: "fetch",
  title: "Fetch",
  build(root, app) {
    const label = h("div", { class: "big-label", "data-testid": "fetch-label" }, "Not yet updated");
    const update = button("Update", () => app.send("fetch update"), { testid: "fetch-update" });
    const last = valueCell("Last fetch", "fetch-last");
    const result = valueCell("Result", "fetch-result");
    const next = valueCell("Next fetch, at the earliest", "fetch-next");
    const source = valueCell("Fetches", "fetch-source");
    root.append(label, h("div", { class: "actions" }, update),
      group("Background fetch", last.element, result.element, next.element, source.element));
    return (snapshot) => {
      label.textContent = snapshot?.label ?? "Not yet updated";
      last.set(localTime(snapshot?.lastFetch));
      result.set(snapshot?.lastResult);
      next.set(snapshot ? localTime(snapshot.nextEarliestFetch) ?? "never" : null);
      source.set(snapshot?.source);
    };
  },
};
