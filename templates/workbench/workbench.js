// The workbench page: the card list, one card with its editable fields, checks while
// typing, save, confirm, conflicts and live updates. Every text from the database is put
// in with textContent; only the faces, rendered and escaped by the card templates on the
// server, are inserted as HTML.
//
// No edit is lost: every keystroke keeps the field's draft in the browser's storage (by
// language, tab, card and field, with the text and file version it was written against), so a
// draft outlives a save of another field, a move to another card and a reload, and is put
// back when its card is opened again. Each tab keeps its own drafts (its id lives in the
// tab's session storage, which a reload keeps): a draft another tab holds for the same field,
// or one left by a closed browser, is shown beside this tab's as a conflict, never merged.
// Updates, from a save or from disk, replace only the fields that are not being edited; a
// file that stops reading (half saved, a merge conflict) is named with the parser's words
// while the card keeps what it last read.
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
  const focused = list.contains(document.activeElement) ? document.activeElement.closest("li")?.dataset.card : null;
  const drafted = cardsWithDrafts();
  list.replaceChildren(...shownCards().map(card => {
    const item = element("li", {"data-card": card.card_id, "data-state": card.state,
                                "data-errors": card.errors, "data-warnings": card.warnings});
    if (current && current.card === card.card_id) item.setAttribute("aria-current", "true");
    if (drafted.has(card.card_id)) item.dataset.draft = "true";
    const button = element("button", {type: "button"},
      element("span", {class: "state", text: labels[card.state]}),
      card.ours ? element("span", {class: "wording-ours", title: labels.our_wording}, "†",
                          element("span", {class: "visually-hidden", text: ` ${labels.our_wording}`})) : null,
      element("span", {class: "wb-name", text: card.name || card.card_id}),
      drafted.has(card.card_id) ? element("span", {class: "draft-mark", text: labels.draft_mark}) : null,
      element("code", {text: card.card_id}),
      card.errors + card.warnings > 0 ? element("span", {class: "problem-count", text: String(card.errors + card.warnings)}) : null);
    button.addEventListener("click", async () => {
      if (await openCard(card.card_id)) document.querySelector("#card h2").focus();
    });
    item.append(button);
    return item;
  }));
  if (focused) list.querySelector(`li[data-card="${CSS.escape(focused)}"] button`)?.focus();
  document.querySelectorAll(".count").forEach(count => {
    count.textContent = cards.filter(matches[count.dataset.count]).length;
  });
}

async function loadCards() {
  const {data} = await request("api/cards");
  cards = data.cards;
  showBroken(data.broken);
  renderList();
}

async function openCard(cardId) {
  const {status, data} = await request(`api/cards/${encodeURIComponent(cardId)}`);
  if (status === 200) {
    showCard(data);
    history.replaceState(null, "", `#card=${encodeURIComponent(cardId)}`);
  }
  return status === 200;
}

// Files that stopped reading: named with the parser's words until they read again.
function showBroken(broken) {
  const notice = document.getElementById("broken-files");
  notice.replaceChildren(...(broken || []).map(problem => element("p", {"data-path": problem.path},
    element("strong", {text: `${problem.path}:${problem.line ?? 1}`}),
    document.createTextNode(` ${problem.translation ? problem.translation.message : problem.message} `),
    document.createTextNode(labels.broken_file))));
}

// Drafts in the browser's storage

function tabIdentity() {
  try {
    let tab = sessionStorage.getItem("cardkit-tab");
    if (!tab) {
      tab = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      sessionStorage.setItem("cardkit-tab", tab);
    }
    return tab;
  } catch { return "this-tab"; }
}

const tab = tabIdentity();
const draftPrefix = (cardId, path) => `cardkit-draft:${target}:${cardId}:${path}:`;
const draftKey = (cardId, path) => draftPrefix(cardId, path) + tab;

function storedDraft(cardId, path) {
  try { return JSON.parse(localStorage.getItem(draftKey(cardId, path))); } catch { return null; }
}

// The drafts other tabs (or a closed browser) keep for a field, newest first.
function otherDrafts(cardId, path) {
  const prefix = draftPrefix(cardId, path);
  const found = [];
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key.startsWith(prefix) && key !== draftKey(cardId, path)) {
        const draft = JSON.parse(localStorage.getItem(key));
        if (draft) found.push({key, ...draft});
      }
    }
  } catch { /* storage off: this tab's page is all there is */ }
  return found.sort((one, other) => (other.at || 0) - (one.at || 0));
}

function cardsWithDrafts() {
  const held = new Set();
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const parts = localStorage.key(index).split(":");
      if (parts[0] === "cardkit-draft" && parts[1] === target) held.add(parts[2]);
    }
  } catch { /* none known */ }
  return held;
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
  document.getElementById("moves-status").textContent = labels.nothing_needs_work;
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
  document.getElementById("moves-status").textContent = "";
  const header = element("h2", {tabindex: "-1"}, element("code", {text: card.card}),
    document.createTextNode(` · ${card.kind} · `), element("span", {class: "state", id: "card-state", "data-state": card.state, text: labels[card.state]}),
    element("span", {class: "wording-ours", id: "card-wording"}));
  const notice = element("p", {id: "card-notice", role: "status"});
  const help = element("p", {class: "help", id: "save-help", text: labels.save_help});
  const fields = element("div", {class: "fields"}, ...card.fields.map(field => fieldEditor(card, field)));
  const problems = element("section", {class: "card-problems"}, element("h3", {text: labels.card_problems}));
  // focusable, so that a keyboard can scroll it where it scrolls on its own
  const faces = element("aside", {class: "faces", tabindex: "0", "aria-label": labels.faces});
  main.replaceChildren(document.getElementById("broken-files"), header, notice, help,
                       element("div", {class: "workspace"}, fields, faces), problems);
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
  // A card with a text of ours never shows its state without saying so.
  document.getElementById("card-wording").textContent =
    card.fields.some(field => field.wording === "ours") ? ` · ${labels.our_wording}` : "";
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
  offerOtherDraft(section);
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

// A translation from the memory put into the field's box, as if typed: a draft to check
// and save like any other.
function useSuggestion(section, translation) {
  const text = section.querySelector("textarea");
  text.value = translation;
  text.dispatchEvent(new Event("input"));
  text.focus();
}

// A draft another tab (or a closed browser) keeps for this field, shown beside this tab's
// text; taking it copies it into this tab's draft, the other tab keeping its own.
function offerOtherDraft(section) {
  section.querySelector(".other-draft")?.remove();
  const text = section.querySelector("textarea");
  const other = otherDrafts(current.card, section.dataset.path).find(draft => draft.text !== text.value);
  if (!other) return;
  const take = element("button", {type: "button", class: "take-other", text: labels.take_other_draft});
  const dismiss = element("button", {type: "button", class: "dismiss-other", text: labels.dismiss_other_draft});
  const view = element("div", {class: "other-draft conflict", role: "alert"},
    element("p", {text: labels.other_draft}),
    element("h4", {text: labels.other_tab}), element("p", {class: "theirs", text: other.text}),
    element("h4", {text: labels.this_tab}), element("p", {class: "mine", text: text.value}),
    take, dismiss);
  take.addEventListener("click", () => {
    view.remove();
    text.value = other.text;
    section.base = other.base;
    section.version = other.version;
    section.dataset.dirty = "true";
    keepDraft(current.card, section.dataset.path, {text: other.text, base: other.base, version: other.version, at: Date.now()});
    section.check();
    text.focus();
  });
  dismiss.addEventListener("click", () => { view.remove(); text.focus(); });
  text.before(view);
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
            element("span", {class: "state", text: labels[field.state]}),
            field.wording === "ours" ? element("span", {class: "wording-ours", text: ` · ${labels.our_wording}`}) : null,
            document.createTextNode(" "), counter),
    element("p", {class: "english", lang: "en", dir: "ltr", text: field.english || ""}));
  if (field.state === "stale" && field.earlier_english) {
    const diff = element("p", {class: "diff", lang: "en", dir: "ltr"});
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
  if (field.suggestions.length) {
    section.append(element("div", {class: "memory"}, element("h4", {text: labels.memory}),
      element("ol", {}, ...field.suggestions.map((found, index) => {
        const use = element("button", {type: "button", class: "use-suggestion", "aria-keyshortcuts": `Alt+${index + 1}`,
                                       text: `${labels.use_suggestion} (Alt+${index + 1})`});
        use.addEventListener("click", () => useSuggestion(section, found.translation));
        return element("li", {"data-card": found.card_id},
          element("span", {class: "score", text: `${found.score} %`}), document.createTextNode(" "),
          element("span", {class: "suggestion", text: found.translation}), document.createTextNode(" "),
          element("span", {class: "source", lang: "en", dir: "ltr", text: `${found.english} · ${found.card_id}`}), document.createTextNode(" "),
          use);
      }))));
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
    const drafted = Boolean(section.dataset.dirty);
    if (text.value === (section.base ?? "")) {
      delete section.dataset.dirty;
      dropDraft(card.card, field.path);
    } else {
      section.dataset.dirty = "true";
      keepDraft(card.card, field.path, {text: text.value, base: section.base, version: section.version, at: Date.now()});
    }
    if (drafted !== Boolean(section.dataset.dirty)) renderList();
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
        renewed.querySelector(".status").textContent =
          [confirmed ? labels.confirmed : labels.saved, ...(data.notes || [])].join(" ");
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
    } else if (event.altKey && /^[1-9]$/.test(event.key) && field.suggestions[Number(event.key) - 1]) {
      event.preventDefault();
      useSuggestion(section, field.suggestions[Number(event.key) - 1].translation);
    }
  });
  return section;
}

// The words of `mine` against `theirs`: removed words struck, added ones marked.
function wordDiff(theirs, mine) {
  const before = theirs.split(/(\s+)/), after = mine.split(/(\s+)/);
  const longest = Array.from({length: before.length + 1}, () => new Array(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--)
      longest[i][j] = before[i] === after[j] ? longest[i + 1][j + 1] + 1 : Math.max(longest[i + 1][j], longest[i][j + 1]);
  const diff = element("p", {class: "diff"});
  let i = 0, j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      diff.append(element("span", {text: before[i]}));
      i++;
      j++;
    } else if (j < after.length && (i === before.length || longest[i][j + 1] >= longest[i + 1][j])) diff.append(element("ins", {text: after[j++]}));
    else diff.append(element("del", {text: before[i++]}));
  }
  return diff;
}

function showConflict(section, text, conflict, confirmed, store) {
  section.querySelector(".conflict")?.remove();
  const keep = element("button", {type: "button", class: "keep-mine", text: labels.keep_mine});
  const take = element("button", {type: "button", class: "take-theirs", text: labels.take_theirs});
  const view = element("div", {class: "conflict", role: "alert"},
    element("p", {text: labels.conflict}),
    element("h4", {text: labels.theirs}), element("p", {class: "theirs", text: conflict.theirs ?? ""}),
    element("h4", {text: labels.mine}), element("p", {class: "mine", text: conflict.mine}),
    element("h4", {text: labels.differences}), wordDiff(conflict.theirs ?? "", conflict.mine),
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
  const notice = document.getElementById("card-notice");
  if (change.error && notice) notice.textContent = change.error;
  if (current && change.cards.includes(current.card)) {
    const {status, data} = await request(`api/cards/${encodeURIComponent(current.card)}`);
    if (status === 200) updateCard(data);
  }
  // The change is on the page: what waits for it (a test, an assistive tool) can tell.
  document.body.dataset.applied = change.generation;
});

// Another tab typing into a field this tab shows: its draft appears beside this one.
window.addEventListener("storage", event => {
  if (!current || !event.key?.startsWith(`cardkit-draft:${target}:${current.card}:`)) return;
  const path = event.key.slice(`cardkit-draft:${target}:${current.card}:`.length).split(":")[0];
  const section = document.querySelector(`#card section.field[data-path="${CSS.escape(path)}"]`);
  if (section) offerOtherDraft(section);
  renderList();
});

loadCards().then(async () => {
  const linked = new URLSearchParams(location.hash.slice(1)).get("card");
  if (linked && await openCard(linked)) document.querySelector("#card h2").focus();
});
