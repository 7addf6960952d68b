// Fetch: the Update button and the time label ("Background Fetch").
import { h, button, pick, snapshotView } from "../ui.js";

export default {
  name: "fetch",
  title: "Fetch",
  build(root, app) {
    const label = h("div", { class: "big-label", "data-testid": "fetch-label" }, "Not yet updated");
    const update = button("Update", () => app.send("fetch update"), { testid: "fetch-update" });
    const snapshot = snapshotView();
    root.append(label, h("div", { class: "actions" }, update), snapshot.element);
    return (state) => {
      label.textContent = pick(state, "label", "time") ?? "Not yet updated";
      snapshot.show(state);
    };
  },
};
