// Newsstand: the URL field, the progress bar, and the issue's PDF when its download is done
// ("Processing Newsstand Kit Downloads").
import { h, group, cell, button, progress, valueCell } from "../ui.js";

export default {
  name: "newsstand",
  title: "Newsstand",
  build(root, app) {
    const url = h("input", { type: "text", autocomplete: "off", spellcheck: "false", "aria-label": "Issue URL", "data-testid": "newsstand-url" });
    const download = () => app.send(`newsstand download ${url.value.trim()}`.trim());
    url.addEventListener("keydown", (event) => { if (event.key === "Enter") download(); });
    const bar = progress();
    bar.element.dataset.testid = "newsstand-progress";
    const progressGroup = group("Downloading", h("div", { class: "cell" }, h("div", { style: "flex: 1" }, bar.element)));
    const issue = valueCell("Issue", "newsstand-issue");
    const problem = valueCell("Error", "newsstand-error");
    const viewer = h("iframe", { class: "document", title: "The issue", "data-testid": "newsstand-document" });
    const documentGroup = group("The issue", viewer);
    root.append(
      group("Issue URL", cell("URL", url)),
      h("div", { class: "actions" }, button("Download", download, { testid: "newsstand-download" })),
      progressGroup,
      group(null, issue.element, problem.element),
      documentGroup,
    );
    let shownDocument = null;
    return (snapshot) => {
      if (snapshot && document.activeElement !== url) url.value = snapshot.url;
      progressGroup.hidden = snapshot?.progress === null || snapshot?.progress === undefined;
      bar.set(Number(snapshot?.progress));
      const current = snapshot?.issues?.find((entry) => entry.name === snapshot.currentIssue);
      issue.set(current ? `${current.name}: ${current.status}` : null);
      problem.set(snapshot?.error);
      problem.element.hidden = !snapshot?.error;
      const path = snapshot?.documentPath ?? null;
      documentGroup.hidden = path === null;
      if (path !== shownDocument) {
        shownDocument = path;
        // The path changes with each download; it keys the address so the viewer reloads.
        viewer.src = path === null ? "about:blank" : `api/newsstand/document?path=${encodeURIComponent(path)}`;
      }
    };
  },
};
