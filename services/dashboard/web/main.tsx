import { render } from "preact";
import { App } from "./App.tsx";
import { applyStoredTheme } from "./theme.ts";

applyStoredTheme();
render(<App />, document.getElementById("app")!);
