// The workbench page: the card list, one card with its editable fields, checks while
// typing, save, confirm, conflicts and live updates. Every text from the database is put
// in with textContent; only the faces, rendered and escaped by the card templates on the
// server, are inserted as HTML.
"use strict";

const labels = JSON.parse(document.getElementById("labels").textContent);
const token = document.querySelector('meta[name="cardkit-token"]').content;
const CHECK_DELAY = 120;  // ms after the last keystroke

let cards = [];
let filter = "all";
let current = null;  // the card shown, as the server sent it

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

async function request(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "X-Cardkit-Token": token},
  };
  const response = await fetch(path, options);
  return {status: response.status, data: await response.json()};
}

const needsWork = card => card.state !== "translated" || card.errors > 0;
const matches = {
  all: () => true,
  needs_work: needsWork,
  translated: card => card.state === "translated",
  stale: card => card.state === "stale",
  missing: card => card.state === "missing",
  problems: card => card.errors + card.warnings > 0,
};

function shownCards() {
  const words = document.getElementById("search").value.toLowerCase().split(/\s+/).filter(Boolean);
  return cards.filter(card => matches[filter](card) && words.every(word => card.search.includes(word)));
}

function renderList() {
  const list = document.getElementById("card-list");
  list.replaceChildren(...shownCards().map(card => {
    const item = element("li", {"data-card": card.card_id, "data-state": card.state,
                                "data-errors": card.errors, "data-warnings": card.warnings});
    if (current && current.card === card.card_id) item.setAttribute("aria-current", "true");
    const button = element("button", {type: "button"},
      element("span", {class: "state", text: labels[card.state]}),
      element("span", {class: "wb-name", text: card.name || card.card_id}),
      element("code", {text: card.card_id}),
      card.errors + card.warnings > 0 ? element("span", {class: "problem-count", text: String(card.errors + card.warnings)}) : null);
    button.addEventListener("click", () => openCard(card.card_id));
    item.append(button);
    return item;
  }));
  document.querySelectorAll(".count").forEach(count => {
    count.textContent = cards.filter(matches[count.dataset.count]).length;
  });
}

async function loadCards() {
  const {data} = await request("api/cards");
  cards = data.cards;
  renderList();
}

async function openCard(cardId) {
  const {status, data} = await request(`api/cards/${encodeURIComponent(cardId)}`);
  if (status === 200) showCard(data);
}

function nextNeedingWork() {
  const order = cards.map(card => card.card_id);
  const start = current ? order.indexOf(current.card) : -1;
  for (let step = 1; step <= order.length; step++) {
    const card = cards[(start + step) % order.length];
    if (needsWork(card)) return openCard(card.card_id);
  }
}

function problemList(problems) {
  if (!problems.length) return element("p", {class: "no-problems", text: labels.no_problems});
  return element("ul", {}, ...problems.map(problem => element("li", {class: `problem ${problem.severity}`, "data-code": problem.code},
    element("code", {text: problem.code}), document.createTextNode(` ${problem.message}`))));
}

function face(html, caption) {
  const figure = element("figure", {class: "wb-face"}, element("figcaption", {text: caption}));
  const card = element("div", {class: "card"});
  card.innerHTML = html;  // rendered and escaped by the card templates
  figure.append(card);
  return figure;
}

function showCard(card) {
  current = card;
  const main = document.getElementById("card");
  const faces = element("div", {class: "faces"},
    face(card.english_face, labels.english), face(card.face, document.body.dataset.target));
  faces.querySelectorAll("figure")[1].id = "target-face";
  const header = element("h2", {}, element("code", {text: card.card}),
    document.createTextNode(` · ${card.kind} · `), element("span", {class: "state", id: "card-state", "data-state": card.state, text: labels[card.state]}));
  const problems = element("section", {class: "card-problems"},
    element("h3", {text: labels.card_problems}), problemList(card.problems));
  main.replaceChildren(header, faces, ...card.fields.map(field => fieldEditor(card, field)), problems);
  main.dataset.card = card.card;
  const summary = cards.find(entry => entry.card_id === card.card);
  if (summary) {
    summary.state = card.state;
    summary.errors = card.problems.filter(problem => problem.severity === "error").length;
    summary.warnings = card.problems.length - summary.errors;
  }
  renderList();
}

function fieldEditor(card, field) {
  const section = element("section", {class: "field", "data-path": field.path, "data-state": field.state});
  const text = element("textarea", {"data-path": field.path, rows: field.path.endsWith("name") ? 1 : 4,
                                    "aria-label": field.path});
  text.value = field.text || "";
  section.base = field.text;
  section.version = card.version;
  const counter = element("span", {class: "budget"});
  const countCharacters = () => {
    counter.textContent = field.budget ? `${text.value.length} ${labels.budget} ${field.budget}` : "";
    counter.classList.toggle("over", Boolean(field.budget) && text.value.length > field.budget);
  };
  countCharacters();
  const problems = element("div", {class: "problems", "data-path": field.path});
  const status = element("p", {class: "status", role: "status"});
  const checking = element("p", {class: "checking"});
  section.append(
    element("h3", {}, element("code", {text: field.path}), document.createTextNode(" "),
            element("span", {class: "state", text: labels[field.state]}), document.createTextNode(" "), counter),
    element("p", {class: "english", lang: "en", text: field.english || ""}));
  if (field.state === "stale" && field.earlier_english) {
    const diff = element("p", {class: "diff"});
    for (const part of field.diff) diff.append(element(part.change === "same" ? "span" : part.change === "added" ? "ins" : "del", {text: part.text}));
    section.append(element("div", {class: "earlier"}, element("h4", {text: labels.earlier}), diff));
  } else if (field.state === "stale" && field.reason.includes("earlier")) {
    section.append(element("p", {class: "earlier", text: labels.earlier_unknown}));
  }
  if (field.terms.length) {
    section.append(element("div", {class: "terms"}, element("h4", {text: labels.terms}),
      element("ul", {}, ...field.terms.map(term => element("li", {},
        element("strong", {text: term.english}), document.createTextNode(" → " + (term.approved.join(", ") || labels.no_approved)))))));
  }
  if (field.english_note) section.append(element("p", {class: "note", text: `${labels.english_note}: ${field.english_note}`}));
  if (field.note) section.append(element("p", {class: "note", text: `${labels.note}: ${field.note}`}));
  const save = element("button", {type: "button", class: "save", text: labels.save});
  const confirm = element("button", {type: "button", class: "confirm", text: labels.confirm});
  section.append(text, element("div", {class: "actions"}, save, confirm), status, checking, problems);
  problems.append(problemList(card.problems.filter(problem => problem.field === field.path)));

  let timer = null;
  let asked = 0;
  text.addEventListener("input", () => {
    section.dataset.dirty = "true";
    countCharacters();
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const mine = ++asked;
      problems.dataset.checking = "true";
      checking.textContent = labels.checking;
      const {status: code, data} = await request("api/check", {card: card.card, path: field.path, text: text.value});
      if (mine !== asked) return;  // a later check is on its way
      delete problems.dataset.checking;
      checking.textContent = code === 200 ? "" : data.message;
      if (code === 200) problems.replaceChildren(problemList(data.problems));
    }, CHECK_DELAY);
  });
  const store = async (confirmed, version, base) => {
    const {status: code, data} = await request("api/save", {card: card.card, path: field.path, text: text.value,
                                                            version, base, confirm: confirmed});
    if (code === 200) {
      showCard(data);
      const shown = document.querySelector(`section.field[data-path="${CSS.escape(field.path)}"] .status`);
      if (shown) shown.textContent = confirmed ? labels.confirmed : labels.saved;
    } else if (code === 409) {
      showConflict(section, text, data.conflict, confirmed, store);
    } else {
      status.textContent = data.message;
      status.classList.add("refused");
    }
  };
  save.addEventListener("click", () => store(false, section.version, section.base));
  confirm.addEventListener("click", () => store(true, section.version, section.base));
  return section;
}

function showConflict(section, text, conflict, confirmed, store) {
  section.querySelector(".conflict")?.remove();
  const keep = element("button", {type: "button", class: "keep-mine", text: labels.keep_mine});
  const take = element("button", {type: "button", class: "take-theirs", text: labels.take_theirs});
  const view = element("div", {class: "conflict", role: "alert"},
    element("p", {text: labels.conflict}),
    element("h4", {text: labels.theirs}), element("p", {class: "theirs", text: conflict.theirs ?? ""}),
    element("h4", {text: labels.mine}), element("p", {class: "mine", text: conflict.mine}),
    keep, take);
  keep.addEventListener("click", () => { view.remove(); store(confirmed, conflict.version, conflict.theirs); });
  take.addEventListener("click", () => {
    view.remove();
    text.value = conflict.theirs ?? "";
    section.base = conflict.theirs;
    section.version = conflict.version;
    delete section.dataset.dirty;
    text.dispatchEvent(new Event("input"));
  });
  section.append(view);
}

document.getElementById("search").addEventListener("input", renderList);
document.querySelectorAll(".filters button").forEach(button => button.addEventListener("click", () => {
  filter = button.dataset.filter;
  document.querySelectorAll(".filters button").forEach(other => other.setAttribute("aria-pressed", String(other === button)));
  renderList();
}));
document.getElementById("next").addEventListener("click", nextNeedingWork);
document.addEventListener("keydown", event => {
  const typing = ["TEXTAREA", "INPUT"].includes(document.activeElement?.tagName);
  if (event.key === "n" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    nextNeedingWork();
  }
});

const events = new EventSource("api/events");
events.addEventListener("changed", async event => {
  const change = JSON.parse(event.data);
  document.body.dataset.generation = change.generation;
  await loadCards();
  if (!current || !change.cards.includes(current.card)) return;
  if (document.querySelector("section.field[data-dirty]")) return;  // never replace an edit in progress
  await openCard(current.card);
});

loadCards();
