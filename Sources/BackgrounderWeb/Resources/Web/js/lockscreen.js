// The lock screen: the side button locks the phone, and the lock screen shows the time and the
// Now Playing app's controls. Its buttons send the same remote commands as `remote …` on the
// console, and the desktop's MPRIS controls: a suspended app is woken for them.
import { h, svg } from "./ui.js";
import { mediaIcons } from "./icons.js";

const $ = (selector) => document.querySelector(selector);

/** `m:ss` for a number of seconds. */
function minutes(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export function createLockScreen({ send, clock }) {
  const layer = $("#lock-screen");
  const time = h("div", { class: "lock-time" });
  const date = h("div", { class: "lock-date" });
  const title = h("div", { class: "lock-title", "data-testid": "lock-title" });
  const position = h("span", { "data-testid": "lock-position" });
  const length = h("span", {});
  const bar = h("div", { class: "lock-bar-fill" });
  const control = (label, testid, icon, line) =>
    h("button", { type: "button", class: "lock-control", "aria-label": label, title: label, "data-testid": testid, onclick: () => send(line()) }, svg(icon));
  let nowPlaying = null;
  const previous = control("Previous track", "lock-previous", mediaIcons.previous, () => "remote previous");
  const playPause = control("Play or pause", "lock-play-pause", mediaIcons.play, () =>
    nowPlaying?.commands.includes("togglePlayPause") ? "remote toggle" : (nowPlaying?.rate ? "remote pause" : "remote play"));
  const next = control("Next track", "lock-next", mediaIcons.next, () => "remote next");
  const card = h("section", { class: "lock-now-playing", "data-testid": "lock-now-playing", "aria-label": "Now Playing" },
    h("div", { class: "lock-app" }, "TheBackgrounder"),
    title,
    h("div", { class: "lock-bar" }, bar),
    h("div", { class: "lock-times" }, position, length),
    h("div", { class: "lock-controls" }, previous, playPause, next));
  const unlock = h("button", { type: "button", class: "lock-unlock", "data-testid": "lock-unlock", onclick: () => send("device unlock") }, "Unlock");
  layer.append(time, date, card, unlock);
  $("#lock-button").addEventListener("click", () => send(layer.hidden ? "device lock" : "device unlock"));

  /** The position now, counted on from the status's elapsed time at its rate. */
  function elapsed() {
    if (!nowPlaying || nowPlaying.elapsed === null) return 0;
    const counted = nowPlaying.elapsed + nowPlaying.rate * Math.max(0, clock.uptime() - nowPlaying.setAt);
    return nowPlaying.duration === null ? counted : Math.min(counted, nowPlaying.duration);
  }

  function tick() {
    const now = new Date();
    time.textContent = now.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
    date.textContent = now.toLocaleDateString([], { weekday: "long", month: "long", day: "numeric" });
    if (!nowPlaying?.title) return;
    const seconds = elapsed();
    position.textContent = minutes(seconds);
    length.textContent = nowPlaying.duration === null ? "--:--" : `-${minutes(nowPlaying.duration - seconds)}`;
    bar.style.width = nowPlaying.duration ? `${(100 * seconds / nowPlaying.duration).toFixed(1)}%` : "0%";
  }

  function update(status) {
    nowPlaying = status.screens?.nowPlaying ?? null;
    layer.hidden = !nowPlaying?.locked;
    $("#screen").classList.toggle("locked", !layer.hidden);
    const shown = Boolean(nowPlaying?.nowPlayingApp && nowPlaying.title);
    card.hidden = !shown;
    if (shown) {
      title.textContent = nowPlaying.title;
      const commands = nowPlaying.commands;
      previous.disabled = !commands.includes("previousTrack");
      next.disabled = !commands.includes("nextTrack");
      playPause.disabled = !commands.some((command) => ["play", "pause", "togglePlayPause"].includes(command));
      playPause.replaceChildren(svg(nowPlaying.rate ? mediaIcons.pause : mediaIcons.play));
      playPause.dataset.playing = String(Boolean(nowPlaying.rate));
    }
    tick();
  }

  return { update, tick, toggle: () => send(layer.hidden ? "device lock" : "device unlock") };
}
