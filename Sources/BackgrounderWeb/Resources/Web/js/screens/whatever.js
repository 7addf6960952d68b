// Whatever: play/pause and the result label of the finite-length task ("Whatever").
import { h, button, pick, snapshotView } from "../ui.js";

export default {
  name: "whatever",
  title: "Whatever",
  build(root, app) {
    const result = h("div", { class: "big-label", "data-testid": "whatever-result" }, "—");
    let playing = false;
    const play = button("Play", () => app.send(playing ? "whatever pause" : "whatever play"), { testid: "whatever-play" });
    const snapshot = snapshotView();
    root.append(result, h("div", { class: "actions" }, play), snapshot.element);
    return (state) => {
      playing = Boolean(pick(state, "isPlaying", "playing"));
      play.textContent = playing ? "Pause" : "Play";
      result.textContent = pick(state, "result", "label") ?? "—";
      snapshot.show(state);
    };
  },
};
