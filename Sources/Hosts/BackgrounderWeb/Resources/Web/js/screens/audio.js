// Audio: the queue player's play/pause, the song's name and time ("Playing Audio"), and what
// the system keeps: where the audio goes, the app's audio session and another app's audio.
import { h, button, group, valueCell, minutesAndSeconds } from "../ui.js";

/** {category: "playAndRecord", active: true, options: ["mixWithOthers"]} → "playAndRecord, active, mixWithOthers". */
function describeSession(session) {
  if (!session) return null;
  const options = (session.options ?? []).join(", ");
  return `${session.category}, ${session.active ? "active" : "inactive"}${options ? `, ${options}` : ""}`;
}

export default {
  name: "audio",
  title: "Audio",
  build(root, app) {
    const song = h("div", { class: "big-label", "data-testid": "audio-song" }, "—");
    const time = h("div", { class: "sub-label", "data-testid": "audio-time" }, "0:00");
    let playing = false;
    const play = button("Play", () => app.send(playing ? "audio pause" : "audio play"), { testid: "audio-play" });
    const next = button("Next", () => app.send("audio next"), { secondary: true });
    const route = valueCell("Route", "audio-route");
    const session = valueCell("Audio session", "audio-session");
    const otherAudio = valueCell("Other app's audio", "audio-other");
    root.append(song, time, h("div", { class: "actions" }, play, next),
      group(null, route.element, session.element, otherAudio.element));
    return (snapshot) => {
      playing = Boolean(snapshot?.playing);
      play.textContent = playing ? "Pause" : "Play";
      song.textContent = snapshot?.item ?? "—";
      time.textContent = minutesAndSeconds(Number(snapshot?.time));
      route.set(snapshot?.route);
      session.set(describeSession(snapshot?.session));
      otherAudio.set(snapshot?.session?.otherAudio);
    };
  },
};
