// Location: the on/off switch, the accuracy segments and the map with its pins
// ("Receiving Location Updates").
import { group, cell, toggle, segmented, pick, snapshotView } from "../ui.js";
import { pinMap, coordinates } from "../map.js";

const accuracies = [
  ["bestForNavigation", "Nav"], ["best", "Best"], ["nearestTenMeters", "10 m"],
  ["hundredMeters", "100 m"], ["kilometer", "1 km"], ["threeKilometers", "3 km"],
];

export default {
  name: "location",
  title: "Location",
  build(root, app) {
    const power = toggle("Location updates", (on) => app.send(on ? "location on" : "location off"));
    const accuracy = segmented(accuracies, (name) => app.send(`location accuracy ${name}`));
    const map = pinMap();
    const snapshot = snapshotView();
    root.append(
      group(null, cell("Location updates", power.element)),
      accuracy.element,
      group("Pins", map.element),
      snapshot.element,
    );
    return (state) => {
      power.set(Boolean(pick(state, "isUpdating", "on", "enabled")));
      accuracy.select(pick(state, "accuracy", "desiredAccuracy"));
      map.show(coordinates(pick(state, "pins", "locations")));
      snapshot.show(state);
    };
  },
};
