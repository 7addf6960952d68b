// A screen the page has no renderer for: a hosted app's own, shown as its snapshot's JSON.
import { h } from "../ui.js";

/** The tab of screen `name`, showing its last snapshot as indented JSON. */
export function jsonScreen(name) {
  return {
    name,
    title: name,
    build(root) {
      const text = h("pre", { class: "json-screen", "data-testid": `json-${name}` }, "No snapshot yet");
      root.append(text);
      return (snapshot) => {
        text.textContent = snapshot === undefined ? "No snapshot yet" : JSON.stringify(snapshot, null, 2);
      };
    },
  };
}
