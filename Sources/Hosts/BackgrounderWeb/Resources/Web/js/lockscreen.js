// The lock screen: the side button locks the phone, and the lock screen shows the time and the
// Now Playing app's controls. Its buttons send the same remote commands as `remote …` on the
// console, and the desktop's MPRIS controls: a suspended app is woken for them.
//
// It is drawn in its era's style, which the status's `profile` ("iOS 10") says (`data-era`):
//   ios6   iOS 6 and before: the clock and the date in a glossy bar at the top, the controls in
//          a glossy bar under it, and a "slide to unlock" slider in a glossy bar at the bottom;
//   ios7   iOS 7 to 9: the same places without the gloss, a thin clock, "slide to unlock" text;
//   ios10  iOS 10 to 15: a large thin clock, the Now Playing controls on a rounded card like
//          the notifications', and "Press home to unlock" (the Home button unlocks, Touch ID);
//   modern iOS 16 and later: today's.
import { h, svg, majorVersion } from "./ui.js";
import { mediaIcons } from "./icons.js";

const $ = (selector) => document.querySelector(selector);

/** The lock screen's era (see above) of a profile's name. */
export function lockScreenEra(profile) {
  const version = majorVersion(profile);
  return version <= 6 ? "ios6" : version <= 9 ? "ios7" : version <= 15 ? "ios10" : "modern";
}

const clockFormat = new Intl.DateTimeFormat([], { hour: "numeric", minute: "2-digit" });
const unlockWords = { ios6: "slide to unlock", ios7: "slide to unlock", ios10: "Press home to unlock", modern: "Unlock" };

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
  let era = null;
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
  // iOS 6's slider: the knob follows a drag along the track; a tap or a drag unlocks.
  const knob = h("span", { class: "lock-knob", "data-testid": "lock-slider-knob", "aria-hidden": "true" });
  const words = h("span", { class: "lock-unlock-words" });
  const unlock = h("button", { type: "button", class: "lock-unlock", "data-testid": "lock-unlock", onclick: () => send("device unlock") },
    knob, words);
  unlock.addEventListener("pointerdown", (event) => {
    if (era !== "ios6") return;
    const from = event.clientX;
    const move = (moved) => { knob.style.transform = `translateX(${Math.max(0, Math.min(unlock.clientWidth - knob.offsetWidth - 8, moved.clientX - from))}px)`; };
    const end = () => { knob.style.transform = ""; removeEventListener("pointermove", move); removeEventListener("pointerup", end); };
    addEventListener("pointermove", move);
    addEventListener("pointerup", end);
  });
  const clockArea = h("div", { class: "lock-clock", "data-testid": "lock-clock" }, time, date);
  layer.append(clockArea, card, h("div", { class: "lock-bottom" }, unlock));
  $("#lock-button").addEventListener("click", () => send(layer.hidden ? "device lock" : "device unlock"));
  // From iOS 10 to 15 the Home button unlocks the locked phone ("Press home to unlock").
  document.addEventListener("click", (event) => {
    if (layer.hidden || era !== "ios10" || !event.target.closest?.("#home-button")) return;
    event.stopPropagation();
    send("device unlock");
  }, true);

  function showEra(shown) {
    if (shown === era) return;
    era = shown;
    layer.dataset.era = era;
    words.textContent = unlockWords[era];
    knob.hidden = era !== "ios6";
  }

  /** The position now, counted on from the status's elapsed time at its rate. */
  function elapsed() {
    if (!nowPlaying || nowPlaying.elapsed === null) return 0;
    const counted = nowPlaying.elapsed + nowPlaying.rate * Math.max(0, clock.uptime() - nowPlaying.setAt);
    return nowPlaying.duration === null ? counted : Math.min(counted, nowPlaying.duration);
  }

  function tick() {
    const now = new Date();
    // Before iOS 16 the lock screen's clock has no AM or PM.
    time.textContent = era === "modern" ? now.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })
      : clockFormat.formatToParts(now).filter((part) => part.type !== "dayPeriod").map((part) => part.value).join("").trim();
    date.textContent = now.toLocaleDateString([], { weekday: "long", month: "long", day: "numeric" });
    if (!nowPlaying?.title) return;
    const seconds = elapsed();
    position.textContent = minutes(seconds);
    length.textContent = nowPlaying.duration === null ? "--:--" : `-${minutes(nowPlaying.duration - seconds)}`;
    bar.style.width = nowPlaying.duration ? `${(100 * seconds / nowPlaying.duration).toFixed(1)}%` : "0%";
  }

  function update(status) {
    showEra(lockScreenEra(status.profile));
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
