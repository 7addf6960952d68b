// Audio: the queue player's play/pause, the song's name and time ("Playing Audio").
import { h, button, minutesAndSeconds } from "../ui.js";

export default {
  name: "audio",
  title: "Audio",
  build(root, app) {
    const song = h("div", { class: "big-label", "data-testid": "audio-song" }, "—");
    const time = h("div", { class: "sub-label", "data-testid": "audio-time" }, "0:00");
    let playing = false;
    const play = button("Play", () => app.send(playing ? "audio pause" : "audio play"), { testid: "audio-play" });
    const next = button("Next", () => app.send("audio next"), { secondary: true });
    root.append(song, time, h("div", { class: "actions" }, play, next));
    return (snapshot) => {
      playing = Boolean(snapshot?.playing);
      play.textContent = playing ? "Pause" : "Play";
      song.textContent = snapshot?.item ?? "—";
      time.textContent = minutesAndSeconds(Number(snapshot?.time));
    };
  },
};
