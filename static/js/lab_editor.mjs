// The bot lab's code editor (docs/bots-lab.md, "The lab screen"): CodeMirror 6, the copy PyScript's
// editor ships (vendored by scripts/build.py as chunks of static/vendor/pyscript/, whose hashed names
// the build writes to static/vendor/pyscript/editor.json). Imported by the lab screen only
// (window.tapeteImport), never at boot; CodeMirror needs no eval, so the page's CSP stays as it is.
// When the chunks cannot load (offline: they are not precached), the editor is a plain <textarea>
// with the same API, so the lab still works.
//
//   mount(parent, {doc, label, storeKey, onChange}) -> Promise<editor>
//       editor.getCode(), editor.setCode(text), editor.markLine(n) (highlight line n, 1-based, move
//       the cursor there and scroll it into view; 0 clears), editor.focus(), editor.destroy(),
//       editor.kind ("codemirror" or "textarea"). Every change is saved to localStorage[storeKey].
//   download(filename, text): save text as a file (a Blob and <a download>).
//   readFile(input) -> Promise<text|null>: the file chosen in <input type=file> (at most MAX_FILE bytes).

export const MAX_FILE = 200_000;

const VENDOR = new URL("../vendor/pyscript/", import.meta.url);
let modules = null;

async function loadCodeMirror() {
  if (!modules) {
    modules = (async () => {
      const response = await fetch(new URL("editor.json", VENDOR));
      if (!response.ok) throw new Error(`editor.json: HTTP ${response.status}`);
      const names = await response.json();
      const load = (name) => import(new URL(names[name], VENDOR).href);
      const [core, state, view, commands, python, language] = await Promise.all(
        ["codemirror", "codemirror_state", "codemirror_view", "codemirror_commands", "codemirror_lang-python",
         "codemirror_language"].map(load));
      return { core, state, view, commands, python, language };
    })();
    modules.catch(() => { modules = null; });
  }
  return modules;
}

function save(key, text) {
  if (!key) return;
  try { localStorage.setItem(key, text); } catch (e) { /* storage blocked or full: the code stays in the page */ }
}

function lineStart(text, n) {
  let at = 0;
  for (let i = 1; i < n; i++) {
    const next = text.indexOf("\n", at);
    if (next < 0) return at;
    at = next + 1;
  }
  return at;
}

function textareaEditor(parent, { doc, label, storeKey, onChange }) {
  const area = document.createElement("textarea");
  area.className = "lab-textarea";
  area.spellcheck = false;
  area.value = doc;
  area.setAttribute("aria-label", label);
  area.setAttribute("data-testid", "lab-code");
  area.addEventListener("input", () => { save(storeKey, area.value); if (onChange) onChange(); });
  parent.replaceChildren(area);
  return {
    kind: "textarea",
    getCode: () => area.value,
    setCode: (text) => { area.value = text; save(storeKey, text); },
    markLine: (n) => {
      if (!n) return;
      const start = lineStart(area.value, n);
      const end = area.value.indexOf("\n", start);
      area.focus();
      area.setSelectionRange(start, end < 0 ? area.value.length : end);
    },
    focus: () => area.focus(),
    destroy: () => area.remove(),
  };
}

export async function mount(parent, options) {
  let cm;
  try {
    cm = await loadCodeMirror();
  } catch (error) {
    console.warn("tapete: the lab's editor falls back to a textarea:", error);
    return textareaEditor(parent, options);
  }
  const { doc, label, storeKey, onChange } = options;
  const { EditorView, basicSetup } = cm.core;
  const { EditorState, StateField, StateEffect } = cm.state;
  const { Decoration, keymap } = cm.view;
  const { indentWithTab } = cm.commands;
  const { HighlightStyle, syntaxHighlighting, defaultHighlightStyle } = cm.language;
  // CodeMirror's default colours, with the two under 4.5:1 on white (regexp/escape #e40, invalid #f00)
  // darkened (axe-core's colour-contrast); the editor is always dark text on white (static/css/lab.css).
  const darker = { "#e40": "#b33000", "#f00": "#c00000" };
  const readable = HighlightStyle.define(defaultHighlightStyle.specs.map(
    (spec) => (spec.color in darker ? { ...spec, color: darker[spec.color] } : spec)));
  const setMark = StateEffect.define();
  const errorLine = Decoration.line({ attributes: { class: "lab-error-line", "data-testid": "lab-error-line" } });
  const marks = StateField.define({
    create: () => Decoration.none,
    update(value, tr) {
      value = value.map(tr.changes);
      for (const effect of tr.effects) {
        if (effect.is(setMark)) value = effect.value == null ? Decoration.none : Decoration.set([errorLine.range(effect.value)]);
      }
      return tr.docChanged ? Decoration.none : value;     // an edit clears the old error's mark
    },
    provide: (field) => EditorView.decorations.from(field),
  });
  parent.replaceChildren();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        basicSetup,
        keymap.of([indentWithTab]),
        cm.python.python(),
        syntaxHighlighting(readable),
        marks,
        // tabindex: the scrolling box holds a focusable element (axe-core's scrollable-region-focusable)
        EditorView.contentAttributes.of({ "aria-label": label, "data-testid": "lab-code", tabindex: "0" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) {
            save(storeKey, update.state.doc.toString());
            if (onChange) onChange();
          }
        }),
      ],
    }),
  });
  return {
    kind: "codemirror",
    getCode: () => view.state.doc.toString(),
    setCode: (text) => {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      save(storeKey, text);
    },
    markLine: (n) => {
      if (!n || n > view.state.doc.lines) {
        view.dispatch({ effects: setMark.of(null) });
        return;
      }
      const line = view.state.doc.line(n);
      view.dispatch({ effects: [setMark.of(line.from), EditorView.scrollIntoView(line.from, { y: "center" })],
                      selection: { anchor: line.from } });
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}

export function download(filename, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/x-python" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function readFile(input) {
  const file = input && input.files && input.files[0];
  if (!file || file.size > MAX_FILE) return null;
  const text = await file.text();
  input.value = "";
  return text;
}
