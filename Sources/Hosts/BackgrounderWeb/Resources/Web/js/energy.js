// The Energy Impact panel: Xcode's gauge (Low, High, Very High; cost in blue, overhead in red),
// a chart of the last five minutes, the running launch's counts by state, and the exits as
// MetricKit counts them. It reads /api/energy every two seconds while the page is visible.
import { fetchEnergy } from "./api.js";
import { h } from "./ui.js";

const $ = (selector) => document.querySelector(selector);
const SVG = "http://www.w3.org/2000/svg";
/** Energy units a second at the right end of the scale; Very High starts at 0.6 (the model's). */
const SCALE_TOP = 1.2;
/** The timeline's buckets, in seconds, and how many five minutes holds. */
const BUCKET = 5;
const SLOTS = 60;

const seconds = (value) => `${value < 10 ? value.toFixed(1) : Math.round(value)} s`;
const bytes = (value) => value < 1e3 ? `${value} B` : value < 1e6 ? `${(value / 1e3).toFixed(1)} kB` : `${(value / 1e6).toFixed(1)} MB`;

export function createEnergyPanel() {
  async function refresh() {
    if (document.hidden) return;
    try {
      const { status, timeline } = await fetchEnergy();
      show(status, timeline);
    } catch {
      // The live connection shows the server is gone; the next poll tries again.
    }
  }

  function show(status, timeline) {
    $("#energy-impact").textContent = status.impact;
    $("#energy-impact").dataset.impact = status.impact;
    $("#energy-cost").textContent = status.cost.toFixed(2);
    $("#energy-overhead").textContent = status.overhead.toFixed(2);
    const rate = status.cost + status.overhead;
    $("#energy-needle").style.left = `${Math.min(100, (rate / SCALE_TOP) * 100)}%`;
    drawTimeline(timeline);
    const states = status.launch?.byState ?? {};
    $("#energy-states").replaceChildren(...["foreground", "background", "suspended"].filter((state) => states[state]).map((state) => {
      const counts = states[state];
      const location = Object.entries(counts.locationSeconds).map(([accuracy, time]) => `${accuracy} ${seconds(time)}`).join(", ");
      return h("tr", { "data-state": state },
        h("td", {}, state), h("td", {}, seconds(counts.seconds)),
        h("td", { title: `the system's own: ${seconds(counts.systemCPUSeconds)}` }, seconds(counts.cpuSeconds)),
        h("td", { title: `the system's own: ${counts.systemWakeUps}` }, String(counts.wakeUps)), h("td", {}, bytes(counts.networkBytes)),
        h("td", {}, location || "—"), h("td", {}, counts.audioSeconds > 0 ? seconds(counts.audioSeconds) : "—"));
    }));
    const exits = [["MXForegroundExitData", status.exits.foreground], ["MXBackgroundExitData", status.exits.background]]
      .flatMap(([kind, counts]) => Object.entries(counts).map(([reason, count]) => `${kind}: ${reason} × ${count}`));
    $("#energy-exits").textContent = exits.length ? `Exits: ${exits.join(" · ")}` : "No launch has ended.";
  }

  /**
   * Stacked bars of cost (blue) and overhead (red) for each five-second bucket, over a strip of
   * the app's state: a fixed axis of the last five minutes (sixty equal slots, now at the right),
   * each bar the bucket's units over its whole five seconds — to scale, however short the part of
   * the bucket that has passed. Slots before the boot stay empty.
   */
  function drawTimeline(timeline) {
    const chart = $("#energy-timeline");
    const width = 600 / SLOTS;
    const end = timeline.length ? timeline[timeline.length - 1].time : 0;
    const bars = timeline.flatMap((entry) => {
      const slot = SLOTS - 1 - Math.round((end - entry.time) / BUCKET);
      if (slot < 0) return [];
      const cost = Math.min(1, entry.cost / BUCKET / SCALE_TOP) * 56;
      const overhead = Math.min(1, entry.overhead / BUCKET / SCALE_TOP) * (56 - cost);
      const x = slot * width;
      return [
        rect(x, 60 - cost, width - 1, cost, "cost"),
        rect(x, 60 - cost - overhead, width - 1, overhead, "overhead"),
        rect(x, 63, width - 1, 6, `state ${entry.state ?? "notRunning"}`),
      ];
    });
    chart.replaceChildren(...bars);
  }

  return { refresh, start() { refresh(); setInterval(refresh, 2000); } };
}

function rect(x, y, width, height, className) {
  const element = document.createElementNS(SVG, "rect");
  for (const [name, value] of Object.entries({ x, y, width, height, class: className })) element.setAttribute(name, String(value));
  return element;
}
