// Whatever: play/pause and the result label of the finite-length task ("Whatever"); from iOS 26,
// Compute: Fibonacci numbers in a continued processing task, whose Live Activity the page shows.
import { h, button, group, valueCell } from "../ui.js";

const computationText = {
  queued: "waiting to start",
  running: "running",
  done: "done",
  stopped: "stopped by its expiration handler",
};

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
    const compute = button("Compute", () => app.send("whatever compute 60"), { secondary: true, testid: "whatever-compute" });
    const computation = valueCell("Continued task", "whatever-computation");
    root.append(result, h("div", { class: "actions" }, play, compute),
      group(null, assertion.element, latest.element, computation.element));
    return (snapshot) => {
      // BGContinuedProcessingTask is new in iOS 26: earlier eras have no Compute.
      compute.hidden = !snapshot?.canCompute;
      computation.element.hidden = !snapshot?.canCompute;
      const work = snapshot?.computation;
      computation.set(work
        ? work.state === "refused" ? work.reason : `${work.position} of ${work.count}, ${computationText[work.state] ?? work.state}`
        : null);
      playing = Boolean(snapshot?.playing);
      play.textContent = playing ? "Pause" : "Play";
      result.textContent = snapshot?.label ?? "";
      assertion.set(assertionText[snapshot?.assertion] ?? snapshot?.assertion);
      // The label changes only while the app is active (the tutorial's calculateNextNumber);
      // the timer goes on in the background. The cell shows the latest number whole, and says
      // why when the label shows an older one, so that the card never shows two positions
      // without saying which is which.
      // Nothing is computed before the first Play.
      const latestText = snapshot && (snapshot.label || snapshot.playing) ? `Position ${snapshot.position} = ${snapshot.value}` : null;
      const behind = snapshot && snapshot.label && snapshot.label !== latestText;
      latest.set(behind ? `${latestText}, computed off screen (the label above changes only while the app is active)` : latestText);
    };
  },
};
