// The workbench page: the card list, one card with its editable fields, checks while
// typing, save, confirm, conflicts and live updates. Every text from the database is put
// in with textContent; only the faces, rendered and escaped by the card templates on the
// server, are inserted as HTML.
//
// No edit is lost: every keystroke keeps the field's draft in the browser's storage (by
// language, card and field, with the text and file version it was written against), so a
// draft outlives a save of another field, a move to another card and a reload, and is put
// back when its card is opened again. Updates, from a save or from disk, replace only the
// fields that are not being edited.
"use strict";

const labels = JSON.parse(document.getElementById("labels").textContent);
const token = document.querySelector('meta[name="cardkit-token"]').content;
const CHECK_DELAY = 120;  // ms after the last keystroke
const target = document.body.dataset.target;

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
  return status === 200;
}

// Drafts in the browser's storage

const draftKey = (cardId, path) => `cardkit-draft:${target}:${cardId}:${path}`;

function storedDraft(cardId, path) {
  try { return JSON.parse(localStorage.getItem(draftKey(cardId, path))); } catch { return null; }
}

function keepDraft(cardId, path, draft) {
  try { localStorage.setItem(draftKey(cardId, path), JSON.stringify(draft)); } catch { /* storage full or off: the page still holds it */ }
}

function dropDraft(cardId, path) {
  try { localStorage.removeItem(draftKey(cardId, path)); } catch { /* nothing kept */ }
}

const editing = () => document.querySelector("section.field[data-dirty]") !== null;

window.addEventListener("beforeunload", event => {
  if (editing()) event.preventDefault();
});

// Moving between cards

async function moveToCardNeedingWork(step) {
  const start = current ? cards.findIndex(card => card.card_id === current.card) : (step > 0 ? -1 : 0);
  for (let moved = 1; moved <= cards.length; moved++) {
    const card = cards[((start + step * moved) % cards.length + cards.length) % cards.length];
    if (needsWork(card)) {
      if (await openCard(card.card_id)) focusFirstFieldNeedingWork();
      return;
    }
  }
}

function focusFirstFieldNeedingWork() {
  const sections = [...document.querySelectorAll("#card section.field")];
  const first = sections.find(section => section.dataset.state !== "translated" || section.querySelector(".problems li.problem.error"))
    || sections[0];
  first?.querySelector("textarea").focus();
}

// One card

function problemList(problems) {
  if (!problems.length) return element("p", {class: "no-problems", text: labels.no_problems});
  return element("ul", {}, ...problems.map(problem => element("li", {class: `problem ${problem.severity}`, "data-code": problem.code},
    element("code", {text: problem.code}),
    document.createTextNode(` ${problem.translation ? problem.translation.message : problem.message}`))));
}

function face(html, caption) {
  const figure = element("figure", {class: "wb-face"}, element("figcaption", {text: caption}));
  const card = element("div", {class: "card"});
  card.innerHTML = html;  // rendered and escaped by the card templates
  figure.append(card);
  return figure;
}

// A field's label in the card's words ("Power 1 · Name"); its path is shown beside it.
function fieldLabel(path, paths) {
  const parts = path.split(".");
  const leaf = {name: labels.field_name, text: labels.field_text};
  if (parts.length === 1) return leaf[parts[0]] || parts[0];
  const group = labels[`group_${parts[0]}`] || labels[`group_${parts[0]}s`] || parts[0];
  const members = [...new Set(paths.filter(other => other.startsWith(`${parts[0]}.`)).map(other => other.split(".")[1]))];
  const number = members.length > 1 || parts.length === 2 ? ` ${members.indexOf(parts[1]) + 1}` : "";
  if (parts.length === 2) return leaf[parts[1]] ? `${group} · ${leaf[parts[1]]}` : `${group}${number}`;
  return `${group}${number} · ${leaf[parts[parts.length - 1]] || parts[parts.length - 1]}`;
}

function showCard(card) {
  current = card;
  const main = document.getElementById("card");
  const header = element("h2", {}, element("code", {text: card.card}),
    document.createTextNode(` · ${card.kind} · `), element("span", {class: "state", id: "card-state", "data-state": card.state, text: labels[card.state]}));
  const notice = element("p", {id: "card-notice", role: "status"});
  const help = element("p", {class: "help", id: "save-help", text: labels.save_help});
  const fields = element("div", {class: "fields"}, ...card.fields.map(field => fieldEditor(card, field)));
  const problems = element("section", {class: "card-problems"}, element("h3", {text: labels.card_problems}));
  // focusable, so that a keyboard can scroll it where it scrolls on its own
  const faces = element("aside", {class: "faces", tabindex: "0", "aria-label": labels.faces});
  main.replaceChildren(header, notice, help, element("div", {class: "workspace"}, fields, faces), problems);
  main.dataset.card = card.card;
  showCardParts(card);
  for (const section of fields.children) offerDraft(section);
}

// The parts of the card every update renews: its state, faces, problems and list entry.
function showCardParts(card) {
  current = card;
  const state = document.getElementById("card-state");
  state.dataset.state = card.state;
  state.textContent = labels[card.state];
  const faces = document.querySelector("#card .faces");
  faces.replaceChildren(face(card.english_face, labels.english), face(card.face, target));
  faces.lastChild.id = "target-face";
  document.querySelector("#card .card-problems").replaceChildren(element("h3", {text: labels.card_problems}), problemList(card.problems));
  const summary = cards.find(entry => entry.card_id === card.card);
  if (summary) {
    summary.state = card.state;
    summary.errors = card.problems.filter(problem => problem.severity === "error").length;
    summary.warnings = card.problems.length - summary.errors;
  }
  renderList();
}

// A newer state of the card shown (after a save, or a change on disk): the field just saved
// and every field not being edited whose text or state changed are built anew; a field
// being edited keeps its draft, and a change on disk under it is announced at the top.
function updateCard(card, saved = null) {
  if (!current || card.card !== current.card) return;
  const sections = new Map([...document.querySelectorAll("#card section.field")].map(section => [section.dataset.path, section]));
  if (card.fields.length !== sections.size || card.fields.some(field => !sections.has(field.path))) {
    showCard(card);
    return;
  }
  let changedUnderDraft = false;
  let replaced = false;
  for (const field of card.fields) {
    const section = sections.get(field.path);
    const text = field.text ?? null;
    if (field.path === saved) {
      section.replaceWith(fieldEditor(card, field));
    } else if (section.dataset.dirty) {
      if (text !== section.base) changedUnderDraft = true;
    } else if (text !== section.base || field.state !== section.dataset.state) {
      section.replaceWith(fieldEditor(card, field));
      replaced = true;
    } else {
      section.version = card.version;
      section.querySelector(".problems").replaceChildren(problemList(card.problems.filter(problem => problem.field === field.path)));
    }
  }
  showCardParts(card);
  const notice = document.getElementById("card-notice");
  if (changedUnderDraft) notice.textContent = labels.drafts_changed_on_disk;
  else if (replaced && saved === null) notice.textContent = labels.changed_on_disk;
}

function offerDraft(section) {
  const draft = storedDraft(current.card, section.dataset.path);
  if (!draft) return;
  const text = section.querySelector("textarea");
  if (draft.text === text.value) {
    dropDraft(current.card, section.dataset.path);
    return;
  }
  const saved = {text: text.value, base: section.base, version: section.version};
  text.value = draft.text;
  section.base = draft.base;
  section.version = draft.version;
  section.dataset.dirty = "true";
  const discard = element("button", {type: "button", class: "discard-draft", text: labels.discard_draft});
  const offer = element("p", {class: "draft-offer"}, document.createTextNode(`${labels.draft_restored} `), discard);
  discard.addEventListener("click", () => {
    dropDraft(current.card, section.dataset.path);
    text.value = saved.text;
    section.base = saved.base;
    section.version = saved.version;
    delete section.dataset.dirty;
    offer.remove();
    section.check();
    text.focus();
  });
  text.before(offer);
  section.check();
}

function fieldEditor(card, field) {
  const section = element("section", {class: "field", "data-path": field.path, "data-state": field.state});
  const label = fieldLabel(field.path, card.fields.map(other => other.path));
  const areaId = `field-${field.path.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const text = element("textarea", {"data-path": field.path, id: areaId, rows: field.path.endsWith("name") ? 1 : 4});
  text.value = field.text || "";
  section.base = field.text ?? null;
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
    element("h3", {}, element("label", {for: areaId, text: label}), document.createTextNode(" "),
            element("code", {class: "path", text: field.path}), document.createTextNode(" "),
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
  const save = element("button", {type: "button", class: "save", text: labels.save, "aria-describedby": "save-help"});
  const confirm = element("button", {type: "button", class: "confirm", text: labels.confirm, "aria-describedby": "save-help"});
  section.append(text, element("div", {class: "actions"}, save, confirm), status, checking, problems);
  problems.append(problemList(card.problems.filter(problem => problem.field === field.path)));

  let timer = null;
  let asked = 0;
  section.check = () => {
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
  };
  text.addEventListener("input", () => {
    if (text.value === (section.base ?? "")) {
      delete section.dataset.dirty;
      dropDraft(card.card, field.path);
    } else {
      section.dataset.dirty = "true";
      keepDraft(card.card, field.path, {text: text.value, base: section.base, version: section.version});
    }
    section.check();
  });
  const store = async (confirmed, version, base) => {
    const {status: code, data} = await request("api/save", {card: card.card, path: field.path, text: text.value,
                                                            version, base, confirm: confirmed});
    if (code === 200) {
      dropDraft(card.card, field.path);
      delete section.dataset.dirty;
      const focused = document.activeElement === text;
      updateCard(data, field.path);
      const renewed = document.querySelector(`#card section.field[data-path="${CSS.escape(field.path)}"]`);
      if (renewed) {
        renewed.querySelector(".status").textContent = confirmed ? labels.confirmed : labels.saved;
        if (focused) renewed.querySelector("textarea").focus();
      }
    } else if (code === 409) {
      showConflict(section, text, data.conflict, confirmed, store);
    } else {
      status.textContent = data.message;
      status.classList.add("refused");
    }
  };
  save.addEventListener("click", () => store(false, section.version, section.base));
  confirm.addEventListener("click", () => store(true, section.version, section.base));
  text.addEventListener("keydown", event => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      store(event.shiftKey, section.version, section.base);
    } else if (event.key === "Escape") {
      document.getElementById("card").focus();
    }
  });
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
    dropDraft(current.card, section.dataset.path);
    section.check();
    text.focus();
  });
  text.after(view);
  view.scrollIntoView({block: "nearest"});
  keep.focus();
}

document.getElementById("search").addEventListener("input", renderList);
document.querySelectorAll(".filters button").forEach(button => button.addEventListener("click", () => {
  filter = button.dataset.filter;
  document.querySelectorAll(".filters button").forEach(other => other.setAttribute("aria-pressed", String(other === button)));
  renderList();
}));
document.getElementById("next").addEventListener("click", () => moveToCardNeedingWork(1));
document.getElementById("previous").addEventListener("click", () => moveToCardNeedingWork(-1));
document.addEventListener("keydown", event => {
  const typing = ["TEXTAREA", "INPUT"].includes(document.activeElement?.tagName);
  if (event.key.toLowerCase() === "n" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    moveToCardNeedingWork(event.shiftKey ? -1 : 1);
  }
});

const events = new EventSource("api/events");
events.addEventListener("changed", async event => {
  const change = JSON.parse(event.data);
  document.body.dataset.generation = change.generation;
  await loadCards();
  if (!current || !change.cards.includes(current.card)) return;
  const {status, data} = await request(`api/cards/${encodeURIComponent(current.card)}`);
  if (status === 200) updateCard(data);
});

loadCards();
