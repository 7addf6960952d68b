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

/** An SVG map; `show(points)` draws the pins (the last one is where the device is). */
export function pinMap() {
  const element = node("svg", { class: "map", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": "Map of the pins" });
  return {
    element,
    show(points) {
      element.replaceChildren();
      for (let x = 0; x <= WIDTH; x += 24) element.append(node("line", { class: "grid", x1: x, y1: 0, x2: x, y2: HEIGHT }));
      for (let y = 0; y <= HEIGHT; y += 24) element.append(node("line", { class: "grid", x1: 0, y1: y, x2: WIDTH, y2: y }));
      if (points.length === 0) {
        const text = node("text", { class: "empty", x: WIDTH / 2, y: HEIGHT / 2 });
        text.textContent = "No pins yet";
        element.append(text);
        element.dataset.pins = "0";
        return;
      }
      const latitudes = points.map((p) => p.latitude);
      const longitudes = points.map((p) => p.longitude);
      const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
      const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
      const shrink = Math.cos(((south + north) / 2) * Math.PI / 180);
      const spanX = Math.max((east - west) * shrink, 1e-6);
      const spanY = Math.max(north - south, 1e-6);
      const scale = Math.min((WIDTH - 2 * PADDING) / spanX, (HEIGHT - 2 * PADDING) / spanY);
      const offsetX = (WIDTH - spanX * scale) / 2;
      const offsetY = (HEIGHT - spanY * scale) / 2;
      const project = (p) => [offsetX + (p.longitude - west) * shrink * scale, offsetY + (north - p.latitude) * scale];
      const projected = points.map(project);
      element.append(node("polyline", { class: "path", points: projected.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ") }));
      projected.forEach(([x, y], index) => {
        const last = index === projected.length - 1;
        element.append(node("circle", { class: "pin", cx: x.toFixed(1), cy: y.toFixed(1), r: last ? 6 : 3.5 }));
      });
      element.dataset.pins = String(points.length);
    },
  };
}
