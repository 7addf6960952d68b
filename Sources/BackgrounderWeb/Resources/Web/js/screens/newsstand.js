// Newsstand: the URL field, the progress bar, and the issue when its download is done
// ("Newsstand").
import { h, group, cell, button, progress, pick, snapshotView } from "../ui.js";

export default {
  name: "newsstand",
  title: "Newsstand",
  build(root, app) {
    const url = h("input", { type: "text", placeholder: "the built-in issue", autocomplete: "off", spellcheck: "false", "aria-label": "Issue URL" });
    const download = button("Download", () => app.send(`newsstand download ${url.value.trim()}`.trim()), { testid: "newsstand-download" });
    const bar = progress();
    const snapshot = snapshotView();
    root.append(
      group("Issue", cell("URL", url)),
      h("div", { class: "actions" }, download),
      group("Progress", h("div", { class: "cell" }, h("div", { style: "flex: 1" }, bar.element))),
      snapshot.element,
    );
    return (state) => {
      bar.set(Number(pick(state, "progress")));
      snapshot.show(state);
    };
  },
};
