// Whatever: play/pause and the result label of the finite-length task ("Whatever").
import { h, button, group, valueCell } from "../ui.js";

const assertionText = {
  none: "not held",
  held: "held (“Fibonacci”)",
  expired: "expired: ended by its expiration handler",
};

export default {
  name: "whatever",
  title: "Whatever",
  build(root, app) {
    const result = h("div", { class: "big-label", "data-testid": "whatever-result" });
    let playing = false;
    const play = button("Play", () => app.send(playing ? "whatever pause" : "whatever play"), { testid: "whatever-play" });
    const assertion = valueCell("Background task", "whatever-assertion");
    const latest = valueCell("Latest number", "whatever-latest");
    root.append(result, h("div", { class: "actions" }, play), group(null, assertion.element, latest.element));
    return (snapshot) => {
      playing = Boolean(snapshot?.playing);
      play.textContent = playing ? "Pause" : "Play";
      result.textContent = snapshot?.label ?? "";
      assertion.set(assertionText[snapshot?.assertion] ?? snapshot?.assertion);
      latest.set(snapshot ? `Position ${snapshot.position}` : null);
    };
  },
};
