// Location: the on/off switch, the accuracy segments and the map with its pins
// ("Receiving Location Updates").
import { h, group, cell, toggle, segmented, valueCell } from "../ui.js";
import { pinMap, coordinates } from "../map.js";

const accuracies = [
  ["bestForNavigation", "Nav"], ["best", "Best"], ["nearestTenMeters", "10 m"],
  ["hundredMeters", "100 m"], ["kilometer", "1 km"], ["threeKilometers", "3 km"],
];

/**
 * The newest fix on a row of its own, under its label: CoreLocation's description
 * ("<+37.33,-122.03> +/- 5.00m (speed 30.00 mps / course 90.00) @ 11/29/26, 8:31:24 PM …") whole,
 * its coordinates, accuracy, speed and course, and time each kept together on a line when the
 * phone's width allows.
 */
function fixCell(label, testid) {
  const value = h("span", { class: "value fix", "data-testid": testid }, "—");
  return {
    element: h("div", { class: "cell stacked" }, h("span", {}, label), value),
    set(description) {
      if (!description) return value.replaceChildren("—");
      const parts = /^(<[^>]*>) (\+\/- \S+) (\(.*?\)) (@ .*)$/.exec(description)?.slice(1) ?? [description];
      if (value.textContent === parts.join(" ")) return;
      value.replaceChildren(...parts.flatMap((part, index) => [index ? " " : null, h("span", {}, part)]).filter(Boolean));
    },
  };
}

export default {
  name: "location",
  title: "Location",
  build(root, app) {
    const power = toggle("Location updates", (on) => app.send(on ? "location on" : "location off"));
    const accuracy = segmented(accuracies, (name) => app.send(`location accuracy ${name}`));
    const map = pinMap();
    const lastFix = fixCell("Last fix", "location-last-fix");
    const authorization = valueCell("Authorization", "location-authorization");
    const precise = valueCell("Precise location", "location-precise");
    const updates = valueCell("Updates", "location-updates");
    const stored = valueCell("Stored fixes", "location-stored");
    const services = valueCell("Background services", "location-services");
    root.append(
      group(null, cell("Location updates", power.element)),
      accuracy.element,
      group("Map", map.element,
        h("a", { class: "cell link", href: "api/location/map.svg", target: "_blank", "data-testid": "location-map-link" },
          "The whole track, the pins and the region (SVG)")),
      group(null, lastFix.element, updates.element, authorization.element, precise.element, stored.element, services.element),
    );
    return (snapshot) => {
      power.set(Boolean(snapshot?.on));
      accuracy.select(snapshot?.accuracy);
      map.show(coordinates(snapshot?.pinCoordinates), { regions: snapshot?.regions ?? [], marks: snapshot?.marks ?? [] });
      lastFix.set(snapshot?.lastFix?.description);
      authorization.set(snapshot?.authorization);
      // accuracyAuthorization: iOS 14's Precise Location; paused: the system paused the updates.
      precise.set(snapshot?.accuracyAuthorization === "reducedAccuracy" ? "Off (approximate)" : "On");
      updates.set(!snapshot?.on ? "Off" : snapshot?.paused ? "Paused (the device stayed still)" : "On");
      stored.set(snapshot?.storeProblem ?? snapshot?.storedCount);
      // What wakes the app while it is suspended or not running.
      const on = [
        snapshot?.regions?.length ? `${snapshot.regions.length} region${snapshot.regions.length === 1 ? "" : "s"}` : null,
        snapshot?.significantChanges ? "significant changes" : null,
        snapshot?.visits ? "visits" : null,
        // iOS 17's CLBackgroundActivitySession: the blue location indicator.
        snapshot?.backgroundActivitySession ? "background activity session (location indicator)" : null,
      ].filter(Boolean);
      services.set(on.length ? on.join(", ") : "None");
    };
  },
};
