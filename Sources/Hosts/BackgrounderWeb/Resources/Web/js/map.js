// A map people can look at offline: the pins and their path on a grid, no tiles.

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 343;
const HEIGHT = 220;
const PADDING = 18;

function node(tag, attributes = {}) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

/** Points as {latitude, longitude}, from objects with those keys or [latitude, longitude] pairs. */
export function coordinates(list) {
  if (!Array.isArray(list)) return [];
  return list.map((point) => {
    if (Array.isArray(point)) return { latitude: Number(point[0]), longitude: Number(point[1]) };
    const source = point?.coordinate ?? point;
    return { latitude: Number(source?.latitude), longitude: Number(source?.longitude) };
  }).filter((point) => Number.isFinite(point.latitude) && Number.isFinite(point.longitude));
}

/** Meters in a degree of latitude, on the mean Earth sphere. */
const METERS_PER_DEGREE = 111195.08;

/** A mark's shape by kind: what the app heard there (status's screens.location.marks). */
const MARK_SYMBOLS = { entry: "▼", exit: "▲", significantChange: "◆", arrival: "●", departure: "○" };

/**
 * An SVG map; `show(points, {regions, marks})` draws the monitored regions as circles, the pins
 * (the last one is where the device is) and the marks of region entries and exits, significant
 * changes and visits.
 */
export function pinMap() {
  const element = node("svg", { class: "map", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": "Map of the pins" });
  return {
    element,
    show(points, { regions = [], marks = [] } = {}) {
      element.replaceChildren();
      for (let x = 0; x <= WIDTH; x += 24) element.append(node("line", { class: "grid", x1: x, y1: 0, x2: x, y2: HEIGHT }));
      for (let y = 0; y <= HEIGHT; y += 24) element.append(node("line", { class: "grid", x1: 0, y1: y, x2: WIDTH, y2: y }));
      const circles = regions.filter((r) => Number.isFinite(r?.latitude) && Number.isFinite(r?.longitude) && r?.radius > 0);
      const spots = coordinates(marks).map((point, index) => ({ ...point, kind: marks[index]?.kind, label: marks[index]?.label }));
      element.dataset.pins = String(points.length);
      element.dataset.regions = String(circles.length);
      element.dataset.marks = String(spots.length);
      if (points.length === 0 && circles.length === 0 && spots.length === 0) {
        const text = node("text", { class: "empty", x: WIDTH / 2, y: HEIGHT / 2 });
        text.textContent = "No pins yet";
        element.append(text);
        return;
      }
      // The view spans the pins, the marks and each circle's north-south and east-west extremes.
      const extremes = circles.flatMap((r) => {
        const dLat = r.radius / METERS_PER_DEGREE;
        const dLon = dLat / Math.max(Math.cos(r.latitude * Math.PI / 180), 1e-6);
        return [{ latitude: r.latitude - dLat, longitude: r.longitude - dLon }, { latitude: r.latitude + dLat, longitude: r.longitude + dLon }];
      });
      const all = [...points, ...spots, ...extremes];
      const latitudes = all.map((p) => p.latitude);
      const longitudes = all.map((p) => p.longitude);
      const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
      const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
      const shrink = Math.cos(((south + north) / 2) * Math.PI / 180);
      const spanX = Math.max((east - west) * shrink, 1e-6);
      const spanY = Math.max(north - south, 1e-6);
      const scale = Math.min((WIDTH - 2 * PADDING) / spanX, (HEIGHT - 2 * PADDING) / spanY);
      const offsetX = (WIDTH - spanX * scale) / 2;
      const offsetY = (HEIGHT - spanY * scale) / 2;
      const project = (p) => [offsetX + (p.longitude - west) * shrink * scale, offsetY + (north - p.latitude) * scale];
      for (const region of circles) {
        const [x, y] = project(region);
        const circle = node("circle", {
          class: `region region-${region.state ?? "unknown"}`, cx: x.toFixed(1), cy: y.toFixed(1),
          r: Math.max(region.radius / METERS_PER_DEGREE * scale, 2).toFixed(1), "data-identifier": region.identifier ?? "",
        });
        circle.append(titled(`${region.identifier}: ${Math.round(region.radius)} m, ${region.state ?? "unknown"}`));
        element.append(circle);
      }
      const projected = points.map(project);
      if (projected.length > 0) {
        element.append(node("polyline", { class: "path", points: projected.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ") }));
      }
      projected.forEach(([x, y], index) => {
        const last = index === projected.length - 1;
        element.append(node("circle", { class: "pin", cx: x.toFixed(1), cy: y.toFixed(1), r: last ? 6 : 3.5 }));
      });
      for (const spot of spots) {
        const [x, y] = project(spot);
        const text = node("text", { class: `mark mark-${spot.kind}`, x: x.toFixed(1), y: y.toFixed(1), "data-kind": spot.kind ?? "" });
        text.textContent = MARK_SYMBOLS[spot.kind] ?? "•";
        text.append(titled(spot.label ? `${spot.kind} ${spot.label}` : String(spot.kind)));
        element.append(text);
      }
    },
  };
}

function titled(words) {
  const title = node("title");
  title.textContent = words;
  return title;
}
